import { Loader2, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { BUCKETS } from '@/lib/storage-buckets';
import { supabase } from '@/lib/supabase';
import { formatDuration } from '@/lib/voice-message';

/** Signed URLs live this long; playback asks for a fresh one each time it starts from scratch. */
const SIGNED_URL_SECONDS = 60 * 60;

/**
 * A play/pause control for a stored voice recording. The bucket is private,
 * so the file is reached through a signed URL created on first play (only
 * people allowed to read the object get one).
 */
export function VoicePlayer({ objectPath, durationSeconds, className }: { objectPath: string; durationSeconds: number | null; className?: string }) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'playing' | 'paused'>('idle');

  useEffect(() => () => audioRef.current?.pause(), []);

  const fail = () => {
    setState('idle');
    toast({ title: 'Failed to play voice message.', variant: 'destructive' });
  };

  const play = async () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (src) {
      audio.play().catch(fail);
      return;
    }
    setState('loading');
    const { data, error } = await supabase.storage.from(BUCKETS.voiceRecordings).createSignedUrl(objectPath, SIGNED_URL_SECONDS);
    if (error || !data) {
      fail();
      return;
    }
    setSrc(data.signedUrl);
    audio.src = data.signedUrl;
    audio.play().catch(fail);
  };

  return (
    <div className={className} data-voice-player={objectPath}>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          size="icon-sm"
          variant="outline"
          aria-label={state === 'playing' ? 'Pause voice recording' : 'Play voice recording'}
          onClick={() => (state === 'playing' ? audioRef.current?.pause() : void play())}
        >
          {state === 'loading' ? <Loader2 className="animate-spin" /> : state === 'playing' ? <Pause /> : <Play />}
        </Button>
        {durationSeconds !== null && <span className="text-muted-foreground text-xs tabular-nums">{formatDuration(durationSeconds)}</span>}
      </div>
      <audio
        ref={audioRef}
        preload="none"
        className="hidden"
        onPlaying={() => setState('playing')}
        onPause={() => setState('paused')}
        onEnded={() => setState('paused')}
        onError={() => {
          if (src) fail();
        }}
      />
    </div>
  );
}
