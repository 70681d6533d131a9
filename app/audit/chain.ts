// What a seal and a checkpoint sign. Each organization's events form one chain of seals in log
// order (events without an organization, and unused positions, form the platform chain): a seal
// binds an event's position, stream, revision and content hash to the previous seal of its chain
// with the server key, so a history rewritten in the database (even with every hash recomputed)
// no longer matches, and the first position that differs is the one reported.
import { eventHash } from '../eventstore/hash-chain';
import type { RecordedEvent } from '../eventstore/port';
import { sign, signatureMatches, type AuditKey } from './key';

export type Seal = {
  position: bigint;
  positionTo: bigint;
  organizationId: string | null;
  kind: 'event' | 'gap';
  streamId: string | null;
  revision: number | null;
  eventHash: string | null;
  prevPosition: bigint | null;
  mac: string;
};

export type Checkpoint = {
  organizationId: string | null;
  position: bigint;
  eventCount: bigint;
  headMac: string;
  logPosition: bigint;
  prevSignature: string | null;
  createdAt: string;
  keyId: string;
  signature: string;
};

/** The hash of what an event says now, recomputed from its content (not the hash it carries). */
export function contentHash(event: RecordedEvent): string {
  const known = computed.get(event);
  if (known) return known;
  const { hash: _hash, ...metadata } = event.metadata;
  const hash = eventHash({ streamId: event.streamId, revision: event.revision, type: event.type, data: event.data, metadata });
  computed.set(event, hash);
  return hash;
}

const computed = new WeakMap<RecordedEvent, string>();

function sealBody(seal: Omit<Seal, 'mac'>, prevMac: string | null) {
  return {
    v: 1,
    organizationId: seal.organizationId,
    kind: seal.kind,
    position: seal.position.toString(),
    positionTo: seal.positionTo.toString(),
    streamId: seal.streamId,
    revision: seal.revision,
    eventHash: seal.eventHash,
    prevPosition: seal.prevPosition?.toString() ?? null,
    prevMac,
  };
}

export function sealMac(key: AuditKey, seal: Omit<Seal, 'mac'>, prevMac: string | null): string {
  return sign(key, sealBody(seal, prevMac));
}

function checkpointBody(checkpoint: Omit<Checkpoint, 'signature'>) {
  return {
    v: 1,
    organizationId: checkpoint.organizationId,
    position: checkpoint.position.toString(),
    eventCount: checkpoint.eventCount.toString(),
    headMac: checkpoint.headMac,
    logPosition: checkpoint.logPosition.toString(),
    prevSignature: checkpoint.prevSignature,
    createdAt: checkpoint.createdAt,
    keyId: checkpoint.keyId,
  };
}

export function signCheckpoint(key: AuditKey, checkpoint: Omit<Checkpoint, 'signature' | 'keyId'>): Checkpoint {
  const body = { ...checkpoint, keyId: key.id };
  return { ...body, signature: sign(key, checkpointBody(body)) };
}

export function checkpointSignatureValid(key: AuditKey, checkpoint: Checkpoint): boolean {
  return checkpoint.keyId === key.id && signatureMatches(key, checkpointBody(checkpoint), checkpoint.signature);
}

/** JSON form of a checkpoint (exports, API): bigints as strings. */
export function checkpointJson(checkpoint: Checkpoint) {
  return { ...checkpointBody(checkpoint), signature: checkpoint.signature };
}

export function checkpointFromJson(json: ReturnType<typeof checkpointJson>): Checkpoint {
  return {
    organizationId: json.organizationId,
    position: BigInt(json.position),
    eventCount: BigInt(json.eventCount),
    headMac: json.headMac,
    logPosition: BigInt(json.logPosition),
    prevSignature: json.prevSignature,
    createdAt: json.createdAt,
    keyId: json.keyId,
    signature: json.signature,
  };
}

export function sealJson(seal: Seal) {
  return {
    position: seal.position.toString(),
    positionTo: seal.positionTo.toString(),
    organizationId: seal.organizationId,
    kind: seal.kind,
    streamId: seal.streamId,
    revision: seal.revision,
    eventHash: seal.eventHash,
    prevPosition: seal.prevPosition?.toString() ?? null,
    mac: seal.mac,
  };
}

export function sealFromJson(json: ReturnType<typeof sealJson>): Seal {
  return {
    ...json,
    position: BigInt(json.position),
    positionTo: BigInt(json.positionTo),
    prevPosition: json.prevPosition === null ? null : BigInt(json.prevPosition),
  };
}
