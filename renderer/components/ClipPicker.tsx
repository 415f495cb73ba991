/**
 * "Clips to bake" on the Rig page: the library clips of the chosen body plan as a checkbox list.
 * The service retargets each ticked clip onto the new rig (fast engine, 10 credits each) and bakes
 * it into the output under its own name.
 */
import { LIMITS, PRICES, type AnimationClip } from '../api/types';

interface Props {
  clips: AnimationClip[];
  selected: string[];
  disabled: boolean;
  onChange(urls: string[]): void;
}

export function ClipPicker({ clips, selected, disabled, onChange }: Props) {
  const toggle = (url: string, on: boolean) => onChange(on ? [...selected, url] : selected.filter((u) => u !== url));
  const full = selected.length >= LIMITS.maxAnimationClips;
  return (
    <fieldset className="clip-picker" disabled={disabled} aria-describedby="clips-help">
      <legend>Clips to bake</legend>
      {clips.length === 0 && <p className="muted">No clips for this body plan.</p>}
      <ul>
        {clips.map((c) => {
          const on = selected.includes(c.url);
          return (
            <li key={c.id}>
              <label>
                <input type="checkbox" checked={on} disabled={!on && full} onChange={(e) => toggle(c.url, e.target.checked)} />
                <span>{c.name}</span>
                <small className="muted">{c.duration_seconds.toFixed(1)} s{c.loop ? ' · loop' : ''}</small>
              </label>
            </li>
          );
        })}
      </ul>
      <small id="clips-help" className="help">
        {disabled ? 'Fast engine only.' : `${selected.length} selected · ${PRICES.retarget_clip} credits each`}
      </small>
    </fieldset>
  );
}
