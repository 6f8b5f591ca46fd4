// The player's look, as a string the consumer puts in a <style> (or a .css file it bundles). Every
// rule is under the root class `.twiv`, so nothing leaks into the page and the page's own rules
// reach in only through the custom properties below. The frame keeps 16:9 at any width; the
// elements inside are positioned in percent of it.

/** The class of the element mountInteractivePlayer creates inside the consumer's root. */
export const PLAYER_ROOT_CLASS = 'twiv';

// Hotspot labels: the frame is a size container, so a label's size follows the player (an
// editor's small preview too), not the window; '.twiv .twiv-hotspot' outranks
// '.twiv button { font: inherit }', which had kept every label at 15px; the label's span breaks
// between words, and inside a word (hyphenated where the language allows) only when it cannot fit.
export const PLAYER_CSS = `
.twiv {
  --twiv-accent: #2563eb;
  --twiv-focus: #f59e0b;
  --twiv-panel-bg: #ffffff;
  --twiv-panel-text: #111827;
  --twiv-bar-bg: #111827;
  --twiv-bar-text: #f9fafb;
  position: relative;
  width: 100%;
  max-width: 100%;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 15px;
  line-height: 1.4;
  color: var(--twiv-panel-text);
  box-sizing: border-box;
}
.twiv *, .twiv *::before, .twiv *::after { box-sizing: border-box; }
.twiv [hidden] { display: none !important; }
.twiv button { font: inherit; cursor: pointer; }
.twiv :focus-visible { outline: 3px solid var(--twiv-focus); outline-offset: 2px; }
.twiv-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }

.twiv-frame { position: relative; width: 100%; aspect-ratio: 16 / 9; background: #000; overflow: hidden; container-type: inline-size; }
@supports not (aspect-ratio: 16 / 9) {
  .twiv-frame { height: 0; padding-top: 56.25%; }
}
.twiv-video { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: contain; background: #000; }
.twiv-video::cue { font-size: 1em; }
.twiv-layer { position: absolute; inset: 0; pointer-events: none; }
.twiv-layer > * { pointer-events: auto; }

.twiv-hotspot {
  position: absolute;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 0.15em 0.25em;
  border: 2px solid #fff;
  border-radius: 6px;
  overflow: hidden;
  text-align: center;
}
.twiv .twiv-hotspot { font-size: 15px; font-size: clamp(8px, 1.9cqi, 15px); font-weight: 600; }
.twiv-hotspot-label { min-width: 0; max-width: 100%; overflow-wrap: break-word; hyphens: auto; }
.twiv-hotspot:hover { filter: brightness(1.1); }

.twiv-cta {
  position: absolute;
  max-width: 45%;
  text-decoration: none;
  font-weight: 600;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.35);
  overflow-wrap: anywhere;
}
.twiv-cta:hover { text-decoration: underline; }
.twiv-cta--top-left { top: 4%; left: 3%; }
.twiv-cta--top-right { top: 4%; right: 3%; }
.twiv-cta--bottom-left { bottom: 6%; left: 3%; }
.twiv-cta--bottom-right { bottom: 6%; right: 3%; }
.twiv-cta--center { top: 50%; left: 50%; transform: translate(-50%, -50%); }

.twiv-panel {
  position: absolute;
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  width: min(92%, 34rem);
  max-height: 90%;
  overflow: auto;
  padding: 1rem 1.1rem;
  border-radius: 10px;
  background: var(--twiv-panel-bg);
  color: var(--twiv-panel-text);
  box-shadow: 0 8px 30px rgba(0, 0, 0, 0.45);
}
.twiv-panel:focus { outline: none; }
.twiv-panel:focus-visible { outline: 3px solid var(--twiv-focus); }
.twiv-panel h2 { margin: 0 0 0.5rem; font-size: 1.1em; }
.twiv-panel p { margin: 0 0 0.6rem; white-space: pre-line; }
.twiv-panel fieldset { border: 0; margin: 0 0 0.6rem; padding: 0; }
.twiv-panel legend { padding: 0; margin-bottom: 0.5rem; font-weight: 600; }
.twiv-option { display: flex; gap: 0.5rem; align-items: flex-start; padding: 0.3rem 0; }
.twiv-option input { margin-top: 0.2rem; accent-color: var(--twiv-accent); }
.twiv-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.5rem; }
.twiv-btn {
  border: 1px solid var(--twiv-accent);
  border-radius: 6px;
  padding: 0.4rem 0.9rem;
  background: var(--twiv-accent);
  color: #fff;
}
.twiv-btn--secondary { background: transparent; color: var(--twiv-accent); }
.twiv-btn:disabled { opacity: 0.5; cursor: default; }
.twiv-close { position: absolute; top: 0.4rem; right: 0.4rem; border: 0; background: transparent; color: inherit; font-size: 1.3em; line-height: 1; padding: 0.2rem 0.45rem; }
.twiv-feedback { margin-top: 0.5rem; padding: 0.5rem 0.7rem; border-radius: 6px; }
.twiv-feedback--correct { background: #dcfce7; color: #14532d; }
.twiv-feedback--incorrect { background: #fee2e2; color: #7f1d1d; }
.twiv-hint { font-size: 0.9em; color: #4b5563; }
.twiv-branches { display: flex; flex-direction: column; gap: 0.5rem; }
.twiv-notice {
  position: absolute;
  left: 50%;
  top: 6%;
  transform: translateX(-50%);
  max-width: 80%;
  padding: 0.5rem 0.9rem;
  border-radius: 8px;
  background: rgba(17, 24, 39, 0.88);
  color: #fff;
}

.twiv-controls {
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem 0.6rem;
  padding: 0.45rem 0.6rem;
  background: var(--twiv-bar-bg);
  color: var(--twiv-bar-text);
}
.twiv-control {
  min-width: 2.4rem;
  min-height: 2.2rem;
  padding: 0.25rem 0.6rem;
  border: 1px solid rgba(255, 255, 255, 0.35);
  border-radius: 6px;
  background: transparent;
  color: inherit;
}
.twiv-control[aria-pressed="true"] { background: rgba(255, 255, 255, 0.18); }
.twiv-seek { flex: 1 1 10rem; min-width: 6rem; accent-color: var(--twiv-accent); }
.twiv-time { font-variant-numeric: tabular-nums; white-space: nowrap; font-size: 0.9em; }
.twiv-menu {
  position: absolute;
  right: 0.6rem;
  bottom: 100%;
  z-index: 2;
  min-width: 14rem;
  max-width: calc(100% - 1.2rem);
  max-height: 16rem;
  overflow: auto;
  margin: 0 0 0.3rem;
  padding: 0.3rem;
  list-style: none;
  border-radius: 8px;
  background: var(--twiv-panel-bg);
  color: var(--twiv-panel-text);
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.4);
}
.twiv-menu button {
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  width: 100%;
  padding: 0.4rem 0.6rem;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: inherit;
  text-align: left;
}
.twiv-menu button:hover, .twiv-menu button[aria-current="true"] { background: rgba(37, 99, 235, 0.12); }
.twiv-menu-time { font-variant-numeric: tabular-nums; color: #4b5563; }

@media (max-width: 480px) {
  .twiv { font-size: 13px; }
  .twiv-time { order: 5; }
  .twiv-seek { flex-basis: 100%; order: -1; }
}
@media (prefers-reduced-motion: reduce) {
  .twiv * { transition: none !important; animation: none !important; }
}
`;

/** Puts PLAYER_CSS in `doc`'s head once (for pages that do not include it themselves). */
export function injectPlayerStyles(doc: Document = document): void {
  if (doc.querySelector('style[data-twiv-styles]')) return;
  const style = doc.createElement('style');
  style.setAttribute('data-twiv-styles', '');
  style.textContent = PLAYER_CSS;
  doc.head.append(style);
}
