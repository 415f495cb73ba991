/** Small pictures of the eight body plans, so artists choose by shape rather than by name. */
import type { ReactElement } from 'react';
import type { RigType } from '../api/types';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const shapes: Record<RigType, ReactElement> = {
  biped: (
    <g {...stroke}>
      <circle cx="32" cy="12" r="6" />
      <path d="M32 18v20M32 24l-12 10M32 24l12 10M32 38l-8 18M32 38l8 18" />
    </g>
  ),
  quadruped: (
    <g {...stroke}>
      <path d="M14 28h30l8-8M52 20l4 2M14 28l-6-4M16 28v22M24 30v20M40 30v20M46 28v22" />
      <circle cx="54" cy="18" r="3" />
    </g>
  ),
  hexapod: (
    <g {...stroke}>
      <ellipse cx="32" cy="32" rx="14" ry="8" />
      <path d="M22 28l-10-8M22 36l-10 8M32 24v-12M32 40v12M42 28l10-8M42 36l10 8" />
    </g>
  ),
  octopod: (
    <g {...stroke}>
      <circle cx="32" cy="32" r="8" />
      <path d="M26 26l-14-10M24 31l-16-2M24 35l-16 6M27 39l-12 12M38 26l14-10M40 31l16-2M40 35l16 6M37 39l12 12" />
    </g>
  ),
  avian: (
    <g {...stroke}>
      <path d="M32 34c-10 0-18-6-24-14 8 2 16 4 24 8 8-4 16-6 24-8-6 8-14 14-24 14zM32 34v10M28 52l4-8 4 8" />
      <circle cx="32" cy="22" r="4" />
    </g>
  ),
  serpentine: (
    <g {...stroke}>
      <path d="M8 44c8-12 16-12 20 0s12 12 18 0 10-14 10-22" />
      <circle cx="56" cy="18" r="3" />
    </g>
  ),
  aquatic: (
    <g {...stroke}>
      <path d="M10 32c8-10 24-12 36-4l8-8v24l-8-8c-12 8-28 6-36-4z" />
      <path d="M30 22l4-8 4 8" />
    </g>
  ),
  others: (
    <g {...stroke}>
      <rect x="16" y="16" width="32" height="32" rx="6" />
      <path d="M32 24v12M32 42v1" />
    </g>
  ),
};

export function BodyPlanPicture({ type }: { type: RigType }) {
  return (
    <svg viewBox="0 0 64 64" width="44" height="44" aria-hidden="true" focusable="false">
      {shapes[type]}
    </svg>
  );
}
