/** Saves a service file: native save dialog in the desktop app, a plain download in a browser. */
import { useState } from 'react';
import { desktopBridge } from '../desktop';
import { useNotices } from '../state/notices-store';

export function DownloadButton({ url, name, label = 'Download' }: { url: string; name: string; label?: string }) {
  const bridge = desktopBridge();
  const [saved, setSaved] = useState<string | null>(null);
  if (!bridge) {
    return (
      <a className="button primary" href={url} download={name}>
        {label}
      </a>
    );
  }
  return (
    <span className="button-row">
      <button
        type="button"
        className="button primary"
        onClick={() => {
          bridge.saveUrlToFile({ url, suggestedName: name }).then(
            (r) => {
              if (r) {
                setSaved(r.path);
                useNotices.getState().push('success', `Saved ${r.path}`);
              }
            },
            (err: unknown) => useNotices.getState().error(err, 'Saving the file'),
          );
        }}
      >
        {label}
      </button>
      {saved && (
        <button type="button" className="button" onClick={() => void bridge.showInFolder(saved)}>
          Show in folder
        </button>
      )}
    </span>
  );
}
