import { brand } from "@jai/contracts";

/** The Jai mark: a speech bubble holding a heart (ใจ means heart). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="jai-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d28d9" />
          <stop offset="1" stopColor="#a21caf" />
        </linearGradient>
      </defs>
      <path
        d="M6 4h20a4 4 0 0 1 4 4v13a4 4 0 0 1-4 4H14l-6 5v-5H6a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z"
        fill="url(#jai-logo-gradient)"
      />
      <path
        d="M16 20.5s-5.5-3.3-5.5-7a3 3 0 0 1 5.5-1.7 3 3 0 0 1 5.5 1.7c0 3.7-5.5 7-5.5 7z"
        fill="#fff"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="flex items-center gap-2 font-bold text-xl tracking-tight">
      <LogoMark className="size-8" />
      <span>{brand.name}</span>
    </span>
  );
}
