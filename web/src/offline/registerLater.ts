// Offline after the first visit: the Workbox service worker vite-plugin-pwa
// builds (sw.js) precaches every file of the app, the 1.1 MB wasm engine
// included. Installing it during a cold load competed with the load for the
// network and the cores (its thread, and a request per file to the server),
// so it is registered once the page has shown its first animated frame (or
// the gate's fallback has passed) and then had an idle moment.

export interface RegisterLaterDeps {
  /** Opens at the first animated frame (views/AfterFirstFrame.tsx). */
  gate: { whenPassed(f: () => void): () => void };
  /** Calls `f` at the next idle moment (or after a bounded wait). */
  idle: (f: () => void) => void;
  /** Registers the service worker. */
  register: () => Promise<unknown>;
}

export function registerLater({ gate, idle, register }: RegisterLaterDeps): void {
  gate.whenPassed(() =>
    idle(() => {
      // A browser that refuses (private mode, an insecure origin) runs the app online only.
      register().catch(() => undefined);
    }),
  );
}
