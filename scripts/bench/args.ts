// Command-line sizes for the benchmark scripts: `--name value` or `--name=value`, with defaults.
export function argValue(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const inline = argv.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
}

export function argNumber(name: string, fallback: number): number {
  const value = Number(argValue(name, String(fallback)).replace(/_/g, ''));
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} deve ser um número (recebido: ${argValue(name, '')})`);
  return value;
}

export const hasFlag = (name: string): boolean => process.argv.slice(2).includes(`--${name}`);
