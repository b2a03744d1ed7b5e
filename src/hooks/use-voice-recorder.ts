import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';

export interface VoiceRecording {
  blob: Blob;
  mimeType: string;
  durationSeconds: number;
}

/** Prefer Opus in WebM (Chromium, Firefox), else whatever the browser records by default (Safari: MP4). */
function pickMimeType(): string | undefined {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return candidates.find((type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type));
}

/**
 * Microphone recording with MediaRecorder: idle → recording (a timer counting
 * seconds, spec part 1 §4) → the finished recording handed to `onFinished`.
 * A refused or missing microphone shows the spec's 'Recording failed' toast.
 */
export function useVoiceRecorder(onFinished: (recording: VoiceRecording) => void) {
  const [isRecording, setIsRecording] = useState(false);
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  }, [onFinished]);

  const stopTimer = () => {
    if (timerRef.current) clearInterval(timerRef.current);
    timerRef.current = null;
  };

  const start = useCallback(async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast({ title: 'Recording failed', description: 'Could not access microphone. Please check permissions.', variant: 'destructive' });
      return;
    }
    const mimeType = pickMimeType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      stopTimer();
      setIsRecording(false);
      const type = recorder.mimeType || mimeType || 'audio/webm';
      // At least one second: a zero-length label ('0:00') reads like a failed recording.
      const durationSeconds = Math.max(1, Math.round((performance.now() - startedAt) / 1000));
      onFinishedRef.current({ blob: new Blob(chunks, { type }), mimeType: type, durationSeconds });
    };
    recorderRef.current = recorder;
    recorder.start();
    setElapsedSeconds(0);
    setIsRecording(true);
    timerRef.current = setInterval(() => setElapsedSeconds((s) => s + 1), 1000);
  }, []);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    recorderRef.current = null;
  }, []);

  // Leaving the screen mid-recording must release the microphone.
  useEffect(
    () => () => {
      stopTimer();
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
        recorder.stream.getTracks().forEach((track) => track.stop());
      }
    },
    [],
  );

  return { isRecording, elapsedSeconds, start, stop };
}
