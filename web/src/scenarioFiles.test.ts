import { describe, expect, it } from 'vitest';
import { preloadScenarioFile, scenarioFiles } from './scenarioFiles';

const wired = '../../scenarios/seed000/wired.toml';
const twoWay = '../../scenarios/seed003/two-way.toml';

describe('scenarioFiles (the URL scenario file, started by the entry script)', () => {
  it('bundles every shipped scenario file', () => {
    expect(Object.keys(scenarioFiles)).toContain(wired);
    expect(Object.keys(scenarioFiles).length).toBeGreaterThan(30);
  });

  it("gives the app the entry script's own promise for the URL's file, and a fresh load for the others", async () => {
    expect(scenarioFiles[twoWay]!()).not.toBe(scenarioFiles[twoWay]!());
    preloadScenarioFile('?s=seed003/two-way&seed=3');
    const first = scenarioFiles[twoWay]!();
    expect(scenarioFiles[twoWay]!()).toBe(first);
    expect(await first).toContain('[[flows]]');
    expect(scenarioFiles[wired]!()).not.toBe(scenarioFiles[wired]!());
  });

  it('starts nothing for a URL the early run does not take (overrides, lessons, an unknown file)', () => {
    for (const search of ['?s=seed000/wired&set=duration=5s', '?view=lessons', '?s=seed000/nothing-here']) {
      preloadScenarioFile(search);
      expect(scenarioFiles[wired]!()).not.toBe(scenarioFiles[wired]!());
    }
  });
});
