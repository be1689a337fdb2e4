/**
 * The widget's CSS, adopted by its shadow root as a constructed stylesheet: the host page's CSS
 * cannot reach it, and a strict CSP needs no 'unsafe-inline'. Thai text uses the system's Thai
 * fonts first.
 */
export const widgetCss = `
:host { all: initial; }
.jai { position: fixed; bottom: 20px; z-index: 2147483000; font: 15px/1.4 "IBM Plex Sans Thai", "Noto Sans Thai", "Sarabun", "Leelawadee UI", system-ui, sans-serif; color: #111; }
.jai.right { right: 20px; } .jai.left { left: 20px; }
.launcher { position: relative; display: flex; align-items: center; gap: 8px; min-width: 56px; height: 56px; padding: 0 16px; border: 0; border-radius: 28px; background: var(--jai-color); color: #fff; cursor: pointer; box-shadow: 0 6px 20px rgba(0,0,0,.2); font: inherit; font-weight: 600; }
.jai.left .launcher { margin-right: auto; } .jai.right .launcher { margin-left: auto; }
.launcher svg, .bubble-close svg { width: 24px; height: 24px; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
.launcher:focus-visible, .bubble button:focus-visible { outline: 3px solid #111; outline-offset: 3px; }
.badge { position: absolute; top: -4px; right: -4px; min-width: 20px; height: 20px; padding: 0 5px; box-sizing: border-box; border-radius: 10px; background: #dc2626; color: #fff; font-size: 12px; line-height: 20px; text-align: center; }
.badge[hidden], .bubble[hidden], .panel[hidden] { display: none; }
.bubble { display: flex; align-items: flex-start; gap: 4px; max-width: 280px; margin-bottom: 12px; padding: 10px 8px 10px 14px; border-radius: 14px; background: #fff; box-shadow: 0 6px 20px rgba(0,0,0,.15); }
.bubble-text { flex: 1; padding: 0; border: 0; background: none; color: inherit; font: inherit; text-align: left; cursor: pointer; }
.bubble-close { flex: none; padding: 2px; border: 0; background: none; color: #555; cursor: pointer; }
.bubble-close svg { width: 16px; height: 16px; }
.panel { width: 380px; height: min(640px, calc(100vh - 120px)); margin-bottom: 12px; overflow: hidden; border-radius: 16px; background: #fff; box-shadow: 0 12px 40px rgba(0,0,0,.25); }
.frame { display: block; width: 100%; height: 100%; border: 0; }
@media (max-width: 480px) {
  .jai { bottom: 16px; } .jai.right { right: 16px; } .jai.left { left: 16px; }
  .jai.open .panel { position: fixed; top: 0; left: 0; right: 0; width: 100%; height: 100%; margin: 0; border-radius: 0; }
  .jai.open .launcher { display: none; }
}
@media (prefers-reduced-motion: no-preference) { .panel { animation: jai-in .15s ease-out; } }
@keyframes jai-in { from { opacity: 0; transform: translateY(8px); } }
`;
