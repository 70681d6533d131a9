import type { Projector } from './projector';

/**
 * Projectors shared between `count` groups of about the same weight: the heaviest first, each to
 * the lightest group so far. Groups keep the given order of their projectors and none is empty.
 */
export function shareByWeight(projectors: readonly Projector[], count: number, weightOf: (projector: Projector) => number): Projector[][] {
  const groups = Array.from({ length: Math.min(count, projectors.length) }, () => ({ weight: 0, members: new Set<Projector>() }));
  for (const projector of [...projectors].sort((a, b) => weightOf(b) - weightOf(a))) {
    const lightest = groups.reduce((min, g) => (g.weight < min.weight ? g : min), groups[0]);
    lightest.members.add(projector);
    lightest.weight += weightOf(projector);
  }
  return groups.map((g) => projectors.filter((p) => g.members.has(p)));
}
