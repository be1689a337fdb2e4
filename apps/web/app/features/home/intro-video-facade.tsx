import { Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHomeMessages } from "./home-messages-context";
import { introVideo } from "./intro-video";

/**
 * The intro video as a click-to-load facade: our own poster (no third-party request, no cookie,
 * no layout shift: the 16:9 box is the same before and after) until the visitor presses play,
 * then YouTube's privacy-enhanced player, autoplaying because the press was a user gesture.
 */
export function IntroVideoFacade() {
  const messages = useHomeMessages().video;
  const [isPlaying, setIsPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // The button that had focus is gone: move focus to the player so keyboard users stay in place.
  useEffect(() => {
    if (isPlaying) frameRef.current?.focus();
  }, [isPlaying]);

  return (
    <figure className="w-full">
      <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-accent-foreground shadow-2xl shadow-primary/25 ring-1 ring-primary/20">
        {isPlaying ? (
          <iframe
            ref={frameRef}
            src={introVideo.embedUrl}
            title={messages.iframeTitle}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 size-full border-0"
          />
        ) : (
          <button
            type="button"
            onClick={() => setIsPlaying(true)}
            className="group absolute inset-0 size-full cursor-pointer text-left focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/80 focus-visible:ring-inset"
          >
            <VideoPoster />
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="flex size-16 items-center justify-center rounded-full bg-white text-primary shadow-xl ring-8 ring-white/25 transition-transform duration-200 group-hover:scale-110 sm:size-20">
                <Play className="ml-1 size-7 fill-current sm:size-9" aria-hidden="true" />
              </span>
            </span>
            <span className="absolute inset-x-0 bottom-0 flex items-end gap-3 bg-linear-to-t from-black/45 to-transparent p-4 sm:p-6">
              <PosterMark />
              <span className="flex min-w-0 flex-col">
                <span className="sr-only">{messages.playLabel} </span>
                <span className="truncate font-semibold text-base text-white sm:text-lg">
                  {messages.posterTitle}
                </span>
                <span className="truncate text-sm text-white/90">{messages.posterSubtitle}</span>
              </span>
            </span>
          </button>
        )}
      </div>
      <figcaption className="mt-3 text-center text-muted-foreground text-xs">
        {messages.privacyNote}
      </figcaption>
    </figure>
  );
}

/** The poster's artwork: brand gradient, soft light and a few chat bubbles (pure SVG / CSS). */
function VideoPoster() {
  return (
    <span
      aria-hidden="true"
      className="absolute inset-0 bg-linear-to-br from-accent-foreground via-primary to-brand-violet"
    >
      <span className="absolute inset-0 bg-[radial-gradient(circle_at_18%_12%,rgb(255_255_255/0.18),transparent_45%),radial-gradient(circle_at_88%_95%,rgb(240_171_252/0.3),transparent_50%)]" />
      <svg
        viewBox="0 0 160 90"
        aria-hidden="true"
        preserveAspectRatio="xMidYMid slice"
        className="absolute inset-0 size-full"
        focusable="false"
      >
        <g fill="none" stroke="#fff" strokeOpacity="0.08">
          <path d="M0 30h160M0 60h160M40 0v90M80 0v90M120 0v90" />
        </g>
        {/* incoming message */}
        <g transform="translate(12 14)">
          <rect width="44" height="14" rx="7" fill="#fff" fillOpacity="0.9" />
          <rect x="6" y="5" width="22" height="1.8" rx="0.9" fill="#6d28d9" fillOpacity="0.5" />
          <rect x="6" y="8.4" width="30" height="1.8" rx="0.9" fill="#6d28d9" fillOpacity="0.3" />
        </g>
        {/* the bot's reply */}
        <g transform="translate(108 22)">
          <rect width="40" height="12" rx="6" fill="#fff" fillOpacity="0.22" />
          <rect x="6" y="4.2" width="24" height="1.6" rx="0.8" fill="#fff" fillOpacity="0.85" />
          <rect x="6" y="7.2" width="16" height="1.6" rx="0.8" fill="#fff" fillOpacity="0.6" />
        </g>
        {/* typing indicator */}
        <g transform="translate(118 44)">
          <rect width="22" height="10" rx="5" fill="#fff" fillOpacity="0.18" />
          <circle cx="6" cy="5" r="1.4" fill="#fff" />
          <circle cx="11" cy="5" r="1.4" fill="#fff" fillOpacity="0.75" />
          <circle cx="16" cy="5" r="1.4" fill="#fff" fillOpacity="0.5" />
        </g>
        <g fill="#fff" fillOpacity="0.5">
          <circle cx="64" cy="12" r="0.8" />
          <circle cx="100" cy="74" r="1" />
          <circle cx="28" cy="48" r="0.7" />
          <circle cx="146" cy="44" r="0.7" />
        </g>
      </svg>
    </span>
  );
}

/** The brand mark drawn in white for the poster (the header's mark carries a gradient id). */
function PosterMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-10 shrink-0">
      <path
        d="M6 4h20a4 4 0 0 1 4 4v13a4 4 0 0 1-4 4H14l-6 5v-5H6a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z"
        fill="#fff"
      />
      <path
        d="M16 20.5s-5.5-3.3-5.5-7a3 3 0 0 1 5.5-1.7 3 3 0 0 1 5.5 1.7c0 3.7-5.5 7-5.5 7z"
        fill="#6d28d9"
      />
    </svg>
  );
}
