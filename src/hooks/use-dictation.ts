import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';

/* The Web Speech API is not in TypeScript's DOM library; only the parts used here. */
interface SpeechRecognitionAlternativeLike {
  transcript: string;
}
interface SpeechRecognitionResultLike {
  isFinal: boolean;
  0: SpeechRecognitionAlternativeLike;
}
interface SpeechRecognitionEventLike {
  resultIndex: number;
  results: ArrayLike<SpeechRecognitionResultLike>;
}
interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: SpeechRecognitionEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

function recognitionConstructor(): SpeechRecognitionConstructor | undefined {
  const w = window as unknown as { SpeechRecognition?: SpeechRecognitionConstructor; webkitSpeechRecognition?: SpeechRecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/**
 * Dictation with the Web Speech API (spec part 1 §9: en-US, continuous,
 * interim results). `onText(finalText, interimText)` receives what was
 * recognised so far in this session; the caller decides where it goes.
 */
export function useDictation(onText: (finalText: string, interimText: string) => void) {
  const [isListening, setIsListening] = useState(false);
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  const stop = useCallback(() => {
    recognitionRef.current?.stop();
    recognitionRef.current = null;
    setIsListening(false);
  }, []);

  const start = useCallback(() => {
    const Recognition = recognitionConstructor();
    if (!Recognition) {
      toast({ title: 'Speech recognition not supported', description: 'Your browser does not support voice-to-text. Try Chrome or Edge.', variant: 'destructive' });
      return;
    }
    const recognition = new Recognition();
    recognition.lang = 'en-US';
    recognition.continuous = true;
    recognition.interimResults = true;
    let finalText = '';
    recognition.onresult = (event) => {
      let interim = '';
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        if (result.isFinal) finalText += result[0].transcript;
        else interim += result[0].transcript;
      }
      onTextRef.current(finalText, interim);
    };
    recognition.onerror = (event) => {
      if (event.error === 'no-speech') toast({ title: 'No speech detected', description: 'Please try speaking again.', variant: 'destructive' });
      else if (event.error === 'not-allowed' || event.error === 'audio-capture')
        toast({ title: 'Recording failed', description: 'Could not access microphone. Please check permissions.', variant: 'destructive' });
      setIsListening(false);
    };
    recognition.onend = () => setIsListening(false);
    recognitionRef.current = recognition;
    try {
      recognition.start();
      setIsListening(true);
    } catch {
      toast({ title: 'Speech recognition not supported', variant: 'destructive' });
    }
  }, []);

  useEffect(() => () => recognitionRef.current?.stop(), []);

  return { isListening, start, stop, toggle: () => (isListening ? stop() : start()) };
}
