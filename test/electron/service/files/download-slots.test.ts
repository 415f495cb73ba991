/**
 * Concurrent URL downloads are bounded per account and overall: beyond the limits a submission is
 * 503 backend_unavailable before anything is fetched or charged (issue #12 item 2).
 */
import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../support/service';
import { boxObj } from '../../../support/meshes';

let t: TestApp;
let server: Server;
let origin: string;
/** Responses held open until the test releases them, so downloads stay in flight. */
const held: ServerResponse[] = [];
let requests = 0;

beforeAll(async () => {
  t = await buildTestApp({ allowPrivateUrls: true, downloads: { perAccount: 2, overall: 4 } });
  server = createServer((req, res) => {
    requests++;
    if (req.url === '/missing.obj') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('# held\n');
    held.push(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held.splice(0)) res.end(boxObj());
  await t.close();
  await new Promise((r) => server.close(r));
});

const rig = (auth: Record<string, string>, url: string) =>
  t.app.inject({ method: 'POST', url: '/v1/rigs', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify({ model_url: `${origin}${url}` }) });

async function untilRequests(n: number): Promise<void> {
  for (let i = 0; i < 400 && requests < n; i++) await new Promise((r) => setTimeout(r, 5));
  expect(requests).toBe(n);
}

function expectCapacityRefusal(res: Awaited<ReturnType<typeof rig>>, which: RegExp): void {
  expect(res.statusCode).toBe(503);
  expect(res.json().error).toMatchObject({ code: 'backend_unavailable', message: expect.stringMatching(/URL downloads are at capacity/) });
  expect(res.json().error.message).toMatch(which);
  expect(res.json().error.message).toMatch(/no credits were charged\. Retry/);
}

describe('download slots', () => {
  it('refuses a third download of one account and a fifth overall with 503, free, and frees slots when downloads end', async () => {
    const [a, b, c] = await Promise.all([t.account({ credits: 500 }), t.account({ credits: 500 }), t.account({ credits: 500 })]);
    const balance = async (id: string) => (await t.store.credits.balance(id)).total;
    const startBalances = await Promise.all([a, b, c].map((x) => balance(x.id)));
    requests = 0;
    const inFlight = [rig(a.auth, '/a1.obj'), rig(a.auth, '/a2.obj')];
    await untilRequests(2);
    const third = await rig(a.auth, '/a3.obj');
    expectCapacityRefusal(third, /2 at a time per account/);
    inFlight.push(rig(b.auth, '/b1.obj'), rig(b.auth, '/b2.obj'));
    await untilRequests(4);
    const fifth = await rig(c.auth, '/c1.obj');
    expectCapacityRefusal(fifth, /4 at a time on this service/);
    expect(requests).toBe(4); // the refused ones fetched nothing
    // Nothing charged and nothing in the ledger for the refused submissions.
    expect(await balance(c.id)).toBe(startBalances[2]);
    expect(await t.store.ledger.usageSince(c.id, 0)).toEqual([]);

    for (const res of held.splice(0)) res.end(boxObj());
    const done = await Promise.all(inFlight);
    expect(done.map((r) => r.statusCode)).toEqual([202, 202, 202, 202]);
    expect(await balance(a.id)).toBe(startBalances[0] - 40);
    expect((await t.store.jobs.list({ accountId: a.id, limit: 10, offset: 0 })).total).toBe(2);

    // Finished and failed downloads give their slots back.
    expect((await rig(c.auth, '/missing.obj')).statusCode).toBe(400);
    expect((await rig(c.auth, '/missing.obj')).statusCode).toBe(400);
    const again = rig(c.auth, '/c2.obj');
    await untilRequests(7);
    held.splice(0).forEach((res) => res.end(boxObj()));
    expect((await again).statusCode).toBe(202);
  });
});
