import { describe, expect, it } from 'vitest';
import { bundledLessons, scenarioIds } from './catalog';
import { parseLesson, pick, readPlaceholder } from './schema';
import { fillTemplate } from './template';

const GOOD = `
version = 1
id = "tiny"
title = { en = "Tiny", ko = "작은" }
[[steps]]
title = { en = "One" }
text = { ko = "하나" }
params = "s=seed000/wired&set=flows.ftp.tcp.variant=reno"
reveal = { en = "{flows.ftp.goodput_bps:kbps}" }
[steps.predict]
question = { en = "?" }
options = [{ text = { en = "a" }, correct = true }, { text = { en = "b" } }]
[[steps]]
title = { en = "Two" }
text = { en = "Step one gave {step1:flows.ftp.goodput_bps:kbps}" }
params = "s=seed000/wired"
`;

describe('lesson files', () => {
  it('every bundled lesson is valid, and there are at least seven', () => {
    const lessons = bundledLessons();
    for (const b of lessons) expect(b.problems, b.file).toEqual([]);
    expect(lessons.length).toBeGreaterThanOrEqual(7);
    expect(new Set(lessons.map((b) => b.lesson?.id)).size).toBe(lessons.length);
    expect(scenarioIds()).toContain('seed003/two-way');
  });

  it('reads a valid lesson with defaults filled in', () => {
    const r = parseLesson(GOOD, { scenarios: ['seed000/wired'] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.lesson.order).toBe(100);
    expect(r.lesson.steps[0]?.predict?.options[1]?.correct).toBe(false);
    expect(pick(r.lesson.steps[0]?.text, 'en')).toBe('하나'); // falls back to the other language
  });

  it('names each bad field with its path (steps from 1) and what it allows', () => {
    const bad = GOOD.replace('id = "tiny"', 'id = "Tiny!"').replace('correct = true', 'correct = "yes"').replace('version = 1', 'version = 2\nextra = 1');
    const r = parseLesson(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byPath = Object.fromEntries(r.problems.map((p) => [p.path, p]));
    expect(byPath.version?.code).toBe('invalid_value');
    expect(byPath.version?.params.allowed).toBe('1');
    expect(byPath.id?.code).toBe('invalid_format');
    expect(byPath['steps.1.predict.options.1.correct']?.code).toBe('invalid_type');
    expect(byPath.lesson?.code).toBe('unknown_keys');
    expect(byPath.lesson?.params.keys).toBe('extra');
    expect(byPath.lesson?.params.allowed).toContain('steps');
  });

  it('checks run parameters against the scenarios and placeholders against the figures', () => {
    const r = parseLesson(GOOD.replace('s=seed000/wired&', 's=nowhere&').replace('{step1:', '{step2:'), { scenarios: ['seed000/wired'] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => `${p.path}:${p.code}`)).toEqual(['steps.1.params:param', 'steps.2.text:placeholder']);
    expect(r.problems[0]?.params.allowed).toContain('seed000/wired');
  });

  it('reports TOML syntax errors with their line', () => {
    const r = parseLesson('version = 1\nid = "x\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatchObject({ path: 'file', code: 'syntax', params: { line: '2' } });
  });
});

describe('reveal texts', () => {
  it('quote this run and earlier steps, formatted for the language', () => {
    const current = { 'flows.ftp.goodput_bps': 734400, 'flows.ftp.rtt_mean_s': 0.5854, 'links.sat-terminal.forward.corrupted': 17 };
    const out = fillTemplate('{flows.ftp.goodput_bps:kbps}, {flows.ftp.rtt_mean_s:ms}, {links.sat-terminal.forward.corrupted:int}, {step1:flows.ftp.goodput_bps:mbps}', current, { 1: { 'flows.ftp.goodput_bps': 1234567 } }, 'en');
    expect(out).toEqual({ text: '734.4 kbit/s, 585 ms, 17, 1.23 Mbit/s', missing: [] });
    const missing = fillTemplate('{flows.x.goodput_bps} {step3:flows.ftp.goodput_bps}', current, {}, 'ko');
    expect(missing.missing).toEqual(['{flows.x.goodput_bps}', '{step3:flows.ftp.goodput_bps}']);
    expect(readPlaceholder('middleboxes.snoop.local_retransmits:int')).toMatchObject({ entity: 'middleboxes.snoop', field: 'local_retransmits' });
  });
});

describe('checks', () => {
  it('read figure op value, with a factor or an earlier step', async () => {
    const { parseCheck, holds } = await import('./checks');
    const now = { 'flows.t.owd_fwd_mean_s': 0.4, 'flows.t.rtt_mean_s': 0.5 };
    expect(holds(parseCheck('flows.t.owd_fwd_mean_s > 0.5*flows.t.rtt_mean_s')!, now, {})).toBe(true);
    expect(holds(parseCheck('flows.t.owd_fwd_mean_s >= flows.t.rtt_mean_s')!, now, {})).toBe(false);
    expect(holds(parseCheck('flows.t.rtt_mean_s == step1:flows.t.rtt_mean_s')!, now, { 1: { 'flows.t.rtt_mean_s': 0.5 } })).toBe(true);
    expect(holds(parseCheck('flows.t.nothing < 1')!, now, {})).toBe(null);
    expect(parseCheck('flows.t.rtt_mean_s ~ 3')).toBe(null);
    const r = parseLesson(GOOD.replace('reveal = {', 'checks = ["flows.ftp.goodput_bps > step1:flows.ftp.goodput_bps", "nonsense"]\nreveal = {'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.path)).toEqual(['steps.1.checks.1', 'steps.1.checks.2']);
  });
});
