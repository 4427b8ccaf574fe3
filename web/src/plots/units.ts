// Reads the engine's normalized size strings ("1000B", "64KiB", "725KB") for
// plot scales. Units as the scenario format defines them: KB is 1000 B, KiB 1024 B.

const BYTE_UNITS: Record<string, number> = {
  B: 1,
  KB: 1_000,
  KiB: 1_024,
  MB: 1_000_000,
  MiB: 1_048_576,
  GB: 1_000_000_000,
  GiB: 1_073_741_824,
};

/** Bytes of a size string, or null when it is not one. */
export function parseBytes(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^\s*([0-9]*\.?[0-9]+)\s*(B|KB|KiB|MB|MiB|GB|GiB)?\s*$/.exec(text);
  if (!m) return null;
  const scale = BYTE_UNITS[m[2] ?? 'B'] ?? 1;
  return Math.round(Number(m[1]) * scale);
}
