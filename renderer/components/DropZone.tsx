/**
 * A drop target with a real, labelled file input (keyboard and test friendly). In the desktop
 * app the Browse button opens the native dialog through the bridge instead.
 */
import { useRef, useState, type ReactNode } from 'react';

export interface DropZoneProps {
  label: string;
  accept: string;
  multiple?: boolean;
  hint: ReactNode;
  onFiles(files: File[]): void;
  onBrowse?: () => void;
  compact?: boolean;
}

export function DropZone({ label, accept, multiple = false, hint, onFiles, onBrowse, compact }: DropZoneProps) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = `file-${label.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <div
      className={`dropzone${over ? ' over' : ''}${compact ? ' compact' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const files = [...e.dataTransfer.files];
        if (files.length) onFiles(multiple ? files : files.slice(0, 1));
      }}
    >
      <label htmlFor={id} className="dropzone-label">{label}</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        className="visually-hidden-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <div className="dropzone-hint">{hint}</div>
      <button type="button" className="button" onClick={() => (onBrowse ? onBrowse() : input.current?.click())}>
        Browse…
      </button>
    </div>
  );
}
