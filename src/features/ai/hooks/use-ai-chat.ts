import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastFailure } from '@/lib/toast-failure';
import type { ConversationEntry } from '@/features/ai/api/get-ai-conversation';
import { aiKeys } from '@/features/ai/api/query-keys';
import { sendChatMessage } from '@/features/ai/api/send-chat-message';

/** The exchange in flight: the question, and the answer as far as it has arrived. */
export interface PendingExchange {
  question: string;
  answer: string;
  /** The tool the assistant is running, while it does. */
  tool: string | null;
}

/**
 * Sending a question and following its streamed answer. On success the stored
 * entries join the cached history; on failure the partial answer disappears,
 * the spec's toast shows, and `onFailure` gets the question back.
 */
export function useAiChat(userId: string, options: { onFailure?: (question: string) => void } = {}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingExchange | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onFailure = useRef(options.onFailure);
  useEffect(() => {
    onFailure.current = options.onFailure;
  });

  // Leaving the screen abandons the answer (the server then stores nothing).
  useEffect(() => () => abortRef.current?.abort(), []);

  const send = useCallback(
    async (question: string) => {
      const text = question.trim();
      if (!text || abortRef.current) return;
      const abort = new AbortController();
      abortRef.current = abort;
      setPending({ question: text, answer: '', tool: null });
      try {
        const entries = await sendChatMessage(
          { message: text },
          {
            signal: abort.signal,
            onDelta: (delta) => setPending((p) => p && { ...p, answer: p.answer + delta, tool: null }),
            onTool: (name) => setPending((p) => p && { ...p, tool: name }),
          },
        );
        queryClient.setQueryData<ConversationEntry[]>(aiKeys.conversation(userId), (old) => [...(old ?? []), ...entries]);
      } catch (error) {
        if (!abort.signal.aborted) {
          toastFailure('Failed to get AI response. Please try again.', error);
          onFailure.current?.(text);
        }
      } finally {
        abortRef.current = null;
        if (!abort.signal.aborted) setPending(null);
      }
    },
    [queryClient, userId],
  );

  return { send, pending, busy: pending !== null };
}
