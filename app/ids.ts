// New identifiers: UUIDv7, time-ordered, so streams and rows sort by creation.
import { v7 } from 'uuid';

export const newId = (): string => v7();
