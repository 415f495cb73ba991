export interface ProgressBarProps {
  /** 0..1, or null for an indeterminate bar. */
  value: number | null;
  label: string;
}

export function ProgressBar({ value, label }: ProgressBarProps) {
  const pct = value === null ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="progress">
      <div
        className={pct === undefined ? 'progress-track indeterminate' : 'progress-track'}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="progress-fill" style={{ width: pct === undefined ? '30%' : `${pct}%` }} />
      </div>
      <span className="progress-text">{label}{pct !== undefined ? ` · ${pct}%` : ''}</span>
    </div>
  );
}
