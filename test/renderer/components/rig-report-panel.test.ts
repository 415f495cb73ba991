import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RigReport } from '../../../renderer/api/rig-report';
import { RigReportPanel } from '../../../renderer/components/RigReportPanel';

const report: RigReport = {
  verdict: 'check',
  joints: [
    { name: 'Hips', parent: null, role: 'hips', confidence: 1 },
    { name: 'LeftHand', parent: 'LeftForeArm', role: 'left_hand', confidence: 0.5 },
  ],
  warnings: ['by_proportion: placed by proportion (LeftHand); check these joints'],
};

const html = (r: RigReport | null, showJoints = true, error: string | null = null) =>
  renderToStaticMarkup(createElement(RigReportPanel, { state: { report: r, error }, showJoints, onShowJointsChange: () => {} }));

describe('rig report panel', () => {
  it('shows the verdict badge, the joints to look at, the warnings and a labelled Show joints toggle with its legend', () => {
    const out = html(report);
    expect(out).toContain('<span class="verdict verdict-check">Check these joints</span>');
    expect(out).toContain('Below 0.7: LeftHand');
    expect(out).toContain('<li>by_proportion: placed by proportion (LeftHand); check these joints</li>');
    expect(out).toMatch(/<label class="check"><input type="checkbox" checked=""\/>Show joints<\/label>/);
    expect(out).toContain('aria-label="Joint confidence"');
    expect(out).toContain('Worth a look (0.4 to 0.7)');
  });

  it('words each verdict', () => {
    expect(html({ ...report, verdict: 'ok' })).toContain('Rig looks good');
    expect(html({ ...report, verdict: 'poor' })).toContain('Poor rig: see warnings');
  });

  it('hides the legend with the markers, and the toggle when the report has no joints', () => {
    expect(html(report, false)).not.toContain('Joint confidence');
    const old = html({ verdict: null, joints: [], warnings: ['w'] });
    expect(old).not.toContain('Show joints');
    expect(old).not.toContain('verdict');
  });

  it('says why there is no report, and shows nothing while it loads', () => {
    expect(html(null, true, 'rig report: downloading it failed with HTTP 404')).toContain('No rig report to show (rig report: downloading it failed with HTTP 404).');
    expect(html(null)).toBe('');
  });
});
