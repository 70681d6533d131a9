// Identifiers are UUIDv7 (time-ordered), created at the edge and passed into commands.
import { z } from 'zod';

export const uuid = z.string().uuid({ message: 'Identificador inválido' });
export type Id = string;
