/**
 * Under the rigged result: the rig report's verdict as a badge, the joints worth a look, the
 * "Show joints" toggle for the confidence markers with their legend, and the report's warnings.
 */
import type { RigVerdict } from '../api/rig-report';
import type { RigReportState } from '../state/use-rig-report';
import { CONFIDENCE_BANDS, lowConfidenceJoints } from '../viewer/joint-confidence';

const VERDICT_TEXT: Record<RigVerdict, string> = {
  ok: 'Rig looks good',
  check: 'Check these joints',
  poor: 'Poor rig: see warnings',
};

/** Joint names listed before "and N more". */
const LISTED_JOINTS = 8;

export interface RigReportPanelProps {
  state: RigReportState;
  showJoints: boolean;
  onShowJointsChange: (show: boolean) => void;
}

export function RigReportPanel({ state, showJoints, onShowJointsChange }: RigReportPanelProps) {
  const { report, error } = state;
  if (error) {
    return (
      <section className="rig-report" aria-label="Rig report">
        <p className="muted">No rig report to show ({error}).</p>
      </section>
    );
  }
  if (!report) return null;
  const low = lowConfidenceJoints(report);
  const hasJoints = report.joints.length > 0;
  return (
    <section className="rig-report" aria-label="Rig report">
      <div className="rig-report-head">
        {report.verdict && <span className={`verdict verdict-${report.verdict}`}>{VERDICT_TEXT[report.verdict]}</span>}
        {hasJoints && (
          <label className="check">
            <input type="checkbox" checked={showJoints} onChange={(e) => onShowJointsChange(e.target.checked)} />
            Show joints
          </label>
        )}
        {hasJoints && showJoints && (
          <ul className="joint-legend" aria-label="Joint confidence">
            {CONFIDENCE_BANDS.map((b) => (
              <li key={b.band}>
                <span className="swatch" style={{ background: b.colour }} aria-hidden="true" />
                {b.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      {low.length > 0 && (
        <p className="low-joints">
          Below 0.7: {low.slice(0, LISTED_JOINTS).join(', ')}
          {low.length > LISTED_JOINTS ? ` and ${low.length - LISTED_JOINTS} more` : ''}
        </p>
      )}
      {report.warnings.length > 0 && (
        <ul className="rig-warnings" aria-label="Rig warnings">
          {report.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
