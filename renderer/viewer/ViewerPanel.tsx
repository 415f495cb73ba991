/**
 * A model on the stage with its controls: skeleton toggle, clip playback and the bone whose
 * skin weights are shown as a heat map. Used by Rig (source and result), Generate, Catalog,
 * Animations and Jobs.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { JointColours } from './joint-confidence';
import { ModelView } from './ModelView';
import { Stage, type StageView } from './Stage';
import type { ModelState } from './use-model';

export interface ViewerPanelProps {
  state: ModelState;
  label: string;
  rotationDeg?: number;
  /** Empty-state text. */
  placeholder: ReactNode;
  /** Show the rig controls (skeleton, clips, weights) when the model has bones or clips. */
  rigControls?: boolean;
  /** Start playing the first clip as soon as the model loads. */
  autoplay?: boolean;
  toolbar?: ReactNode;
  /** Joint markers coloured by the rig report's confidence, or null for none. */
  jointColours?: JointColours | null;
  /** Camera of the stage (orthographic front and side views for editing joints). */
  view?: StageView;
  /** Drawn in the model's frame (the joint editor); its presence stops clips and hides the bone controls. */
  editor?: ReactNode;
  /** Extra controls under the view (the joint editor's panel). */
  below?: ReactNode;
}

export function ViewerPanel({ state, label, rotationDeg = 0, placeholder, rigControls = true, autoplay = false, toolbar, jointColours = null, view = 'orbit', editor, below }: ViewerPanelProps) {
  const { model } = state;
  const [showSkeleton, setShowSkeleton] = useState(true);
  const [clipIndex, setClipIndex] = useState(-1);
  const [playing, setPlaying] = useState(false);
  const [heatBone, setHeatBone] = useState('');

  const editing = Boolean(editor);
  useEffect(() => {
    const hasClip = (model?.clips.length ?? 0) > 0 && !editing;
    setClipIndex(autoplay && hasClip ? 0 : -1);
    setPlaying(autoplay && hasClip);
    setHeatBone('');
  }, [model, autoplay, editing]);

  const hasRig = Boolean(model && (model.bones.length > 0 || model.clips.length > 0)) && !editing;
  return (
    <>
    <div className="viewer">
      <Stage label={label} animate={playing} view={view}>
        {model && (
          <ModelView
            model={model}
            rotationDeg={rotationDeg}
            showSkeleton={showSkeleton}
            clipIndex={clipIndex}
            playing={playing}
            heatBone={heatBone || null}
            jointColours={editing ? null : jointColours}
          >
            {editor}
          </ModelView>
        )}
      </Stage>
      {!model && (
        <div className="viewer-overlay">
          {state.loading ? <span className="spinner" aria-label="Loading model" /> : state.error ? <p className="error-text" role="alert">{state.error}</p> : placeholder}
        </div>
      )}
      {model && (
        <div className="viewer-stats">
          {model.triangles.toLocaleString()} triangles · {model.bones.length} bones · {model.clips.length} clips
        </div>
      )}
      {(toolbar || (rigControls && hasRig && model)) && (
        <div className="viewer-toolbar">
          {rigControls && hasRig && model && (
            <>
              <label className="check">
                <input type="checkbox" checked={showSkeleton} onChange={(e) => setShowSkeleton(e.target.checked)} />
                Bones
              </label>
              {model.clips.length > 0 && (
                <>
                  <label className="inline-field">
                    <span>Clip</span>
                    <select
                      aria-label="Clip"
                      value={clipIndex}
                      onChange={(e) => {
                        setClipIndex(Number(e.target.value));
                        setPlaying(Number(e.target.value) >= 0);
                      }}
                    >
                      <option value={-1}>Rest pose</option>
                      {model.clips.map((c, i) => (
                        <option key={`${c.name}-${i}`} value={i}>
                          {c.name || `Clip ${i + 1}`} ({c.duration.toFixed(1)} s)
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    type="button"
                    className="button small"
                    disabled={clipIndex < 0}
                    onClick={() => setPlaying((p) => !p)}
                  >
                    {playing ? 'Pause' : 'Play'}
                  </button>
                </>
              )}
              {model.bones.length > 0 && (
                <label className="inline-field">
                  <span>Weights</span>
                  <select aria-label="Weights of bone" value={heatBone} onChange={(e) => setHeatBone(e.target.value)}>
                    <option value="">Off</option>
                    {model.bones.map((b, i) => (
                      <option key={`${b.name}-${i}`} value={b.name}>
                        {b.name || `bone ${i}`}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </>
          )}
          {toolbar}
        </div>
      )}
    </div>
    {below}
    </>
  );
}
