import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSnippets } from '../../../renderer/components/snippets';
import { fillUsageDays } from '../../../renderer/components/usage-days';

describe('API snippets', () => {
  const snippets = buildSnippets({ apiRoot: 'http://127.0.0.1:7878/v1/', key: 'rk_live_abc' });

  it('covers curl, Python, Unity C#, Godot GDScript and Blender Python against this machine', () => {
    expect(snippets.map((s) => s.title)).toEqual(['curl', 'Python', 'Unity C#', 'Godot GDScript', 'Blender Python']);
    for (const s of snippets) {
      expect(s.code).toContain('http://127.0.0.1:7878/v1');
      expect(s.code).not.toContain('/v1/"');
      expect(s.code).toContain('rk_live_abc');
      expect(s.code).toMatch(/\/rigs/);
      expect(s.code).toMatch(/\/jobs\//);
      expect(s.code).toContain('model_base64');
      // Files over 10 MB go through POST /v1/uploads (issue 16).
      expect(s.code).toContain('/uploads');
    }
  });

  it('shows a placeholder when no key is given', () => {
    expect(buildSnippets({ apiRoot: 'http://x/v1' })[0].code).toContain('rk_live_YOUR_KEY');
  });

  it('Python snippets compile and the curl snippet parses in bash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rigdesk-snippets-'));
    for (const s of snippets.filter((x) => x.language === 'python')) {
      const file = join(dir, `${s.id}.py`);
      writeFileSync(file, s.code);
      execFileSync('python3', ['-m', 'py_compile', file]);
    }
    const sh = join(dir, 'curl.sh');
    writeFileSync(sh, snippets[0].code);
    execFileSync('bash', ['-n', sh]);
  });
});

describe('fillUsageDays', () => {
  it('fills the window with zero days and keeps reported ones', () => {
    const days = fillUsageDays([{ date: '2026-03-02', credits: 40, jobs: 2 }], '2026-03-03T10:00:00.000Z', 3);
    expect(days).toEqual([
      { date: '2026-03-01', credits: 0, jobs: 0 },
      { date: '2026-03-02', credits: 40, jobs: 2 },
      { date: '2026-03-03', credits: 0, jobs: 0 },
    ]);
  });
});
