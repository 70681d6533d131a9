// docker-compose.yml's cluster profile: the three EventStoreDB (KurrentDB) nodes must have the same
// settings — the same environment variable names, only values (the gossip seed) differing. YAML's
// merge is shallow: a node that merges the first node (`<<: *cluster-node`) and writes its own
// `environment:` loses every variable of the merged one it does not repeat, which is how nodes 2 and
// 3 once lost KURRENTDB_REPLICATION_IP/NODE_IP (issue 14). Read with test-support/yaml-subset.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flowItems, isMapping, readYaml, UnsupportedYaml, type YamlValue } from '../test-support/yaml-subset';

type Node = { name: string; environment: Record<string, string> };

/** The services of the `cluster` profile that run an EventStoreDB/KurrentDB image, with their resolved environment. */
function eventStoreClusterNodes(source: string): Node[] {
  const services = readYaml(source).services;
  if (!isMapping(services)) throw new Error('docker-compose.yml has no services');
  return Object.entries(services).flatMap(([name, service]) => {
    if (!isMapping(service)) return [];
    const image = typeof service.image === 'string' ? service.image : '';
    if (!flowItems(service.profiles).includes('cluster') || !/kurrentdb|eventstore/i.test(image)) return [];
    return [{ name, environment: environmentOf(service.environment) }];
  });
}

/** Compose takes `environment:` as a mapping or as a list of KEY=value. */
function environmentOf(value: YamlValue | undefined): Record<string, string> {
  if (value === undefined) return {};
  if (isMapping(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(flowItems(value).map((item) => [item.split('=')[0], item.slice(item.indexOf('=') + 1)]));
}

const names = (node: Node) => Object.keys(node.environment).sort();

describe('docker-compose.yml, cluster profile', () => {
  const nodes = eventStoreClusterNodes(readFileSync(fileURLToPath(new URL('../docker-compose.yml', import.meta.url)), 'utf8'));

  it('has as many EventStoreDB nodes as the cluster size they declare', () => {
    expect(nodes.map((n) => n.name)).toEqual(['esdb-node1', 'esdb-node2', 'esdb-node3']);
    for (const node of nodes) expect(node.environment.KURRENTDB_CLUSTER_SIZE, node.name).toBe(String(nodes.length));
  });

  it('gives every node the same environment variable names, replication and node addresses included', () => {
    const [first, ...others] = nodes;
    expect(names(first)).toEqual(expect.arrayContaining(['KURRENTDB_REPLICATION_IP', 'KURRENTDB_NODE_IP', 'KURRENTDB_GOSSIP_SEED', 'KURRENTDB_INSECURE']));
    for (const node of others) expect(names(node), `${node.name} vs ${first.name}`).toEqual(names(first));
  });

  it('points each node\'s gossip seed at the two others', () => {
    for (const node of nodes) {
      const seeds = node.environment.KURRENTDB_GOSSIP_SEED.split(',').map((s) => s.split(':')[0]).sort();
      expect(seeds, node.name).toEqual(nodes.map((n) => n.name).filter((n) => n !== node.name));
    }
  });
});

describe('the YAML subset reader (so the checks above can fail)', () => {
  // The shape issue 14 found: node 2 merges node 1 but writes its own environment without the shared block.
  const regressed = [
    'x-env: &env',
    '  KURRENTDB_INSECURE: "true"',
    'services:',
    '  esdb-node1: &cluster-node',
    '    profiles: [cluster]',
    '    image: docker.kurrent.io/kurrent-latest/kurrentdb:latest # the same image',
    '    environment:',
    '      <<: *env',
    '      KURRENTDB_GOSSIP_SEED: esdb-node2:2113',
    '      KURRENTDB_NODE_IP: 0.0.0.0',
    '  esdb-node2:',
    '    <<: *cluster-node',
    '    environment:',
    '      <<: *env',
    '      KURRENTDB_GOSSIP_SEED: esdb-node1:2113',
    '  app:',
    '    image: fluxo',
    '    ports:',
    '      - "3000:3000"',
  ].join('\n');

  it('resolves merges shallowly, as Compose does: a local environment replaces the merged one', () => {
    const [node1, node2] = eventStoreClusterNodes(regressed);
    expect(node2.name).toBe('esdb-node2');
    expect(names(node1)).toEqual(['KURRENTDB_GOSSIP_SEED', 'KURRENTDB_INSECURE', 'KURRENTDB_NODE_IP']);
    expect(names(node2)).toEqual(['KURRENTDB_GOSSIP_SEED', 'KURRENTDB_INSECURE']);
    const doc = readYaml(regressed);
    expect((doc.services as Record<string, Record<string, YamlValue>>).app.ports).toEqual(['3000:3000']);
  });

  it('refuses what it does not understand rather than guessing', () => {
    expect(() => readYaml('a:\n\tb: 1')).toThrow(UnsupportedYaml);
    expect(() => readYaml('a: [1,\n  2]')).toThrow(/line 1: flow collection over several lines/);
    expect(() => readYaml('a:\n  - b: 1')).toThrow(/mapping inside a sequence item/);
    expect(() => readYaml('a: *missing')).toThrow(/unknown anchor/);
  });
});
