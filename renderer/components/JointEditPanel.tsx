/**
 * The controls of "Edit joints" under the Result view: camera views, symmetry (on by default), snap
 * to centre, test pose, undo/redo, resets, the joints worth a look, and Apply (a 1-credit correction).
 * The edited positions are also on `data-joint-positions` (JSON), for tests and tools.
 */
import { useEffect } from 'react';
import type { RigReport } from '../api/rig-report';
import { PRICES } from '../api/types';
import { useLiveSkinStatus } from '../edit/live-skin-status';
import { canRedo, canUndo } from '../state/edit-history';
import { editedJoints, useJointEdit, type EditView } from '../state/joint-edit-store';
import { lowConfidenceJoints } from '../viewer/joint-confidence';

const VIEWS: [EditView, string][] = [['orbit', 'Orbit'], ['front', 'Front'], ['side', 'Side']];

export interface JointEditPanelProps {
  report: RigReport;
  applying: boolean;
  onApply(): void;
  onClose(): void;
}

export function JointEditPanel({ report, applying, onApply, onClose }: JointEditPanelProps) {
  const edit = useJointEdit();
  const skin = useLiveSkinStatus();
  const moved = Object.keys(editedJoints(edit.original, edit.positions));
  const low = lowConfidenceJoints(report);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement | null)?.tagName === 'INPUT') return;
      if (e.key === 'z' && !e.shiftKey) useJointEdit.getState().undo();
      else if (e.key === 'y' || (e.key === 'z' && e.shiftKey)) useJointEdit.getState().redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      className="joint-edit"
      aria-label="Edit joints"
      data-joint-positions={JSON.stringify(edit.positions)}
      data-live-skin={skin.state}
      data-skin-updates={skin.updates}
    >
      <div className="joint-edit-row" role="group" aria-label="View">
        {VIEWS.map(([v, label]) => (
          <button key={v} type="button" className="button small" aria-pressed={edit.view === v} onClick={() => edit.set({ view: v })}>{label}</button>
        ))}
        <label className="check"><input type="checkbox" checked={edit.symmetry} onChange={(e) => edit.set({ symmetry: e.target.checked })} />Symmetry</label>
        <label className="check"><input type="checkbox" checked={edit.snap} onChange={(e) => edit.set({ snap: e.target.checked })} />Snap to centre</label>
        <label className="check"><input type="checkbox" checked={edit.testPose} onChange={(e) => edit.set({ testPose: e.target.checked })} />Test pose</label>
      </div>
      <div className="joint-edit-row">
        <button type="button" className="button small" disabled={!canUndo(edit.history)} onClick={edit.undo}>Undo</button>
        <button type="button" className="button small" disabled={!canRedo(edit.history)} onClick={edit.redo}>Redo</button>
        <button type="button" className="button small" disabled={!edit.selected} onClick={() => edit.selected && edit.resetJoint(edit.selected)}>
          Reset {edit.selected ?? 'joint'}
        </button>
        <button type="button" className="button small" disabled={moved.length === 0} onClick={edit.resetAll}>Reset all</button>
        <span className="muted" role="status">
          {skin.state === 'preparing' ? 'Preparing the live skin…' : skin.state === 'failed' ? `Live skin unavailable: ${skin.error}` : `Live skin ready${skin.lastMs !== null ? ` · ${Math.round(skin.lastMs)} ms` : ''}`}
        </span>
      </div>
      {low.length > 0 && (
        <p className="joint-edit-low">
          Worth a look:{' '}
          {low.map((name) => (
            <button key={name} type="button" className="link-button" onClick={() => edit.set({ selected: name })}>{name}</button>
          ))}
        </p>
      )}
      <div className="joint-edit-row">
        <span>{moved.length === 0 ? 'Drag a joint to move it.' : `${moved.length} joint${moved.length === 1 ? '' : 's'} moved: ${moved.join(', ')}`}</span>
        <button type="button" className="button primary" disabled={moved.length === 0 || applying} onClick={onApply}>
          Apply ({PRICES.rig_correction} credit)
        </button>
        <button type="button" className="button small" onClick={onClose}>Close</button>
      </div>
    </section>
  );
}
