// The embedded video (product spec §2, §3): a fixed video, autoplay off, 640×360, played by the
// provider's own player script. The script is fetched when the video comes near the screen, so
// the first view costs nothing; if it cannot load, the box keeps its size and offers a link, and
// the rest of the page is untouched.
import { useEffect, useRef, useState } from 'react';
import { texts } from '../texts';

export const video = {
  id: 'M7lc1UVf-VE',
  width: 640,
  height: 360,
  playerScript: 'https://www.youtube.com/iframe_api',
  // The privacy-enhanced host: no cookies until the visitor plays the video.
  host: 'https://www.youtube-nocookie.com',
} as const;

interface YouTubeApi {
  Player: new (
    element: HTMLElement,
    options: { videoId: string; width: number; height: number; host: string; playerVars: Record<string, number> },
  ) => unknown;
}
declare global {
  interface Window {
    YT?: YouTubeApi;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let playerApi: Promise<YouTubeApi> | undefined;

/** Loads the provider's player script once per page. */
function loadPlayerApi(): Promise<YouTubeApi> {
  playerApi ??= new Promise<YouTubeApi>((resolve, reject) => {
    if (window.YT?.Player) return resolve(window.YT);
    window.onYouTubeIframeAPIReady = () => (window.YT ? resolve(window.YT) : reject(new Error('no YT')));
    const script = document.createElement('script');
    script.src = video.playerScript;
    script.async = true;
    script.onerror = () => reject(new Error('the video player script did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    playerApi = undefined;
    throw error;
  });
  return playerApi;
}

export function Video() {
  const box = useRef<HTMLDivElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'waiting' | 'ready' | 'failed'>('waiting');

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let active = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        loadPlayerApi()
          .then((yt) => {
            if (!active || !slot.current) return;
            new yt.Player(slot.current, {
              videoId: video.id,
              width: video.width,
              height: video.height,
              host: video.host,
              playerVars: { autoplay: 0, rel: 0 },
            });
            setState('ready');
          })
          .catch(() => active && setState('failed'));
      },
      { rootMargin: '0px' },
    );
    observer.observe(element);
    return () => {
      active = false;
      observer.disconnect();
    };
  }, []);

  return (
    <div className="video" ref={box} data-state={state} data-video-id={video.id}>
      <div ref={slot} className="video-slot" title={texts.video.title} />
      {state !== 'ready' && (
        <div className="video-placeholder">
          <p>{state === 'failed' ? texts.video.fallback : texts.video.title}</p>
          {state === 'failed' && (
            <a href={`https://www.youtube.com/watch?v=${video.id}`} target="_blank" rel="noopener noreferrer">
              {texts.video.watch}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
