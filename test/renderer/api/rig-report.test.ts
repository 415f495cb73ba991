import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRigReport, parseRigReport } from '../../../renderer/api/rig-report';

const report = {
  rig_type: 'biped',
  verdict: 'check',
  checks: [{ code: 'by_proportion', joints: ['LeftHand'], message: 'placed by proportion', repaired: false }],
  joints: [
    { name: 'Hips', parent: null, position: [0, 1, 0], role: 'hips', confidence: 1 },
    { name: 'LeftHand', parent: 'LeftForeArm', position: [0.6, 1, 0], role: 'left_hand', confidence: 0.5 },
  ],
  warnings: ['by_proportion: placed by proportion (LeftHand); check these joints'],
};

describe('rig report', () => {
  it('keeps the verdict, joints and warnings of a rig job report', () => {
    expect(parseRigReport(report)).toEqual({
      verdict: 'check',
      joints: [
        { name: 'Hips', parent: null, role: 'hips', confidence: 1, position: [0, 1, 0] },
        { name: 'LeftHand', parent: 'LeftForeArm', role: 'left_hand', confidence: 0.5, position: [0.6, 1, 0] },
      ],
      warnings: [report.warnings[0]],
    });
  });

  it('keeps what Edit joints needs: source, deform, tip and the bounds (issue 14)', () => {
    const r = parseRigReport({
      ...report,
      bounds: { min: [-1, 0, -0.2], max: [1, 1.8, 0.2] },
      joints: [{ name: 'LeftHand', parent: null, position: [0.6, 1, 0], role: 'left_hand', confidence: 0.5, source: 'given', deform: true, tip: [0.7, 1, 0] }],
    });
    expect(r.bounds).toEqual({ min: [-1, 0, -0.2], max: [1, 1.8, 0.2] });
    expect(r.joints[0]).toMatchObject({ source: 'given', deform: true, tip: [0.7, 1, 0] });
    expect(() => parseRigReport({ joints: [{ name: 'Hips', confidence: 1, position: [0, 'a', 0] }] })).toThrow('joints[0].position is not 3 finite numbers');
    expect(() => parseRigReport({ bounds: { min: [0, 0, 0] } })).toThrow('bounds.max is not 3 finite numbers');
  });

  it('reads a report written before verdicts as no verdict and no joints', () => {
    expect(parseRigReport({ rig_type: 'biped', warnings: ['w'] })).toEqual({ verdict: null, joints: [], warnings: ['w'] });
  });

  it('names the wrong field', () => {
    expect(() => parseRigReport([])).toThrow('rig report: is not a JSON object');
    expect(() => parseRigReport({ verdict: 'great' })).toThrow('verdict "great" is not one of ok, check, poor');
    expect(() => parseRigReport({ joints: [{ name: 'Hips', confidence: 1 }, { name: 'Spine', confidence: 1.5 }] })).toThrow(
      'joints[1].confidence (1.5) is not a number in [0, 1]',
    );
    expect(() => parseRigReport({ joints: [{ confidence: 1 }] })).toThrow('joints[0].name');
    expect(() => parseRigReport({ warnings: 'w' })).toThrow('warnings is not a list');
  });

  describe('over HTTP', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url === '/files/t/report.json') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(report));
        if (req.url === '/files/t/broken.json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"verdict": ');
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('downloads and parses the report file', async () => {
      expect((await fetchRigReport(`${base}/files/t/report.json`)).verdict).toBe('check');
    });
    it('says why a report cannot be shown', async () => {
      await expect(fetchRigReport(`${base}/files/t/gone.json`)).rejects.toThrow('rig report: downloading it failed with HTTP 404');
      await expect(fetchRigReport(`${base}/files/t/broken.json`)).rejects.toThrow('rig report: the file is not valid JSON');
    });
  });
});
