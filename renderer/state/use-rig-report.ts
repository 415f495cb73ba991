/** The rig report of a succeeded job, fetched once per report URL (null URL: no report). */
import { useEffect, useState } from 'react';
import { fetchRigReport, type RigReport } from '../api/rig-report';

export interface RigReportState {
  report: RigReport | null;
  error: string | null;
}

export function useRigReport(url: string | null): RigReportState {
  const [state, setState] = useState<RigReportState>({ report: null, error: null });
  useEffect(() => {
    setState({ report: null, error: null });
    if (!url) return;
    const controller = new AbortController();
    fetchRigReport(url, controller.signal).then(
      (report) => {
        if (!controller.signal.aborted) setState({ report, error: null });
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setState({ report: null, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => controller.abort();
  }, [url]);
  return state;
}
