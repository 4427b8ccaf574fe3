// The code a cold load runs at once in one chunk: every module the app's
// module (src/main.tsx) imports statically, directly or not, except those the
// entry script (src/boot.ts) imports itself. Left to itself, the bundler
// splits these into a chunk per group of sharers (a module also used by a
// lazily loaded panel gets a chunk of its own), about twenty files a cold
// load must request, wait for and compile one by one; the panels, lessons
// and paper mode, loaded later, import from the one chunk instead.

/** The part of Rolldown's module info read here. */
export interface ModuleInfoLike {
  importedIds: readonly string[];
}

/**
 * A `codeSplitting` group's name function: `name` for the modules in the
 * static import closure of the module `appId` and not in that of `entryId`
 * (absolute ids, as the bundler's); null (the bundler's choice) for the rest.
 */
export function coldLoadChunk(appId: string, entryId: string, name = 'main') {
  let members: Set<string> | null = null;
  return (moduleId: string, ctx: { getModuleInfo(id: string): ModuleInfoLike | null }): string | null => {
    members ??= closureOf(appId, entryId, (id) => ctx.getModuleInfo(id));
    return members.has(moduleId) ? name : null;
  };
}

/** Module ids reachable by static imports from `appId`, less those reachable from `entryId`. */
export function closureOf(appId: string, entryId: string, info: (id: string) => ModuleInfoLike | null): Set<string> {
  if (!info(appId) || !info(entryId)) throw new Error(`coldLoadChunk: ${info(appId) ? entryId : appId} is not in the module graph`);
  const fromEntry = reachable(entryId, info);
  const out = new Set<string>();
  for (const id of reachable(appId, info)) if (!fromEntry.has(id)) out.add(id);
  return out;
}

function reachable(start: string, info: (id: string) => ModuleInfoLike | null): Set<string> {
  const seen = new Set<string>([start]);
  const todo = [start];
  while (todo.length > 0) {
    for (const next of info(todo.pop()!)?.importedIds ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return seen;
}
