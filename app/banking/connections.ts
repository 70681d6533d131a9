// Connecting a bank account: which bank, which account (kept only as a mask and a hash), which feed.
import { sql } from 'slonik';
import { z } from 'zod';
import { bankConnection, type BankConnectionCreated } from '../../domain/banking/bank-connection';
import { bankByName, maskAccountNumber, normalizeAccountNumber } from '../../domain/banking/banks';
import { conflict, validationError } from '../../domain/shared/errors';
import { handleCommand } from '../commands/handle-command';
import type { ActorContext } from '../context';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';
import { tenantOf } from '../finance/tenant';
import { newId } from '../ids';
import { bankConnectors, type BankConnectors } from './connectors';
import { bankConnectionStream } from './intake';
import { accountKeyOf } from './keys';

export type NewBankConnection = {
  bankName: string;
  accountNumber: string;
  accountType: BankConnectionCreated['accountType'];
  connectionType?: BankConnectionCreated['connectionType'];
  syncFrequency?: BankConnectionCreated['syncFrequency'];
  /** The Pluggy item the account belongs to (from Pluggy Connect), when Pluggy is the provider. */
  itemId?: string | null;
};

export async function createBankConnection(
  deps: AppDeps,
  input: NewBankConnection,
  context: ActorContext,
  connectors: BankConnectors = bankConnectors(),
): Promise<{ connectionId: string; position: bigint | null }> {
  const organizationId = tenantOf(context);
  const bank = bankByName(input.bankName);
  if (!bank) throw validationError('Banco não suportado: escolha um dos bancos da lista', { bankName: 'Banco não suportado' });
  const account = normalizeAccountNumber(input.accountNumber);
  if (!/\d/.test(account)) throw validationError('Número da conta inválido', { accountNumber: 'Número da conta inválido' });
  const provider = connectors.defaultProvider;
  const itemId = input.itemId?.trim() || null;
  if (provider === 'pluggy' && !itemId) throw validationError('Informe o item do Pluggy desta conta (itemId)', { itemId: 'Obrigatório com o Pluggy' });
  const accountKey = accountKeyOf(bank.code, input.accountNumber);
  const existing = await withTenant(deps.db, organizationId, (tx) => tx.maybeOneFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM bank_connections WHERE organization_id = ${organizationId} AND account_key = ${accountKey} AND is_active LIMIT 1`));
  if (existing) throw conflict('Esta conta já está conectada');
  const connectionId = newId();
  const result = await handleCommand(deps.eventStore, bankConnectionStream(connectionId), bankConnection, {
    type: 'CreateBankConnection',
    data: {
      connectionId,
      organizationId,
      bankName: bank.name,
      accountNumberMasked: maskAccountNumber(input.accountNumber),
      accountType: input.accountType,
      connectionType: input.connectionType ?? 'open_banking',
      syncFrequency: input.syncFrequency ?? 'daily',
      provider,
      accountKey,
      providerItemId: provider === 'pluggy' ? itemId : null,
    },
  }, context);
  await deps.waitForProjections(result.position);
  return { connectionId, position: result.position };
}

/**
 * 'Desconectar': the connection stops syncing (a sync already running finishes); what it imported
 * stays. Deactivating an inactive connection changes nothing. The same account can be connected again.
 */
export async function deactivateBankConnection(deps: AppDeps, connectionId: string, context: ActorContext): Promise<void> {
  const organizationId = tenantOf(context);
  const result = await handleCommand(deps.eventStore, bankConnectionStream(connectionId), bankConnection, {
    type: 'DeactivateBankConnection', data: { organizationId },
  }, context, { retries: 10 });
  await deps.waitForProjections(result.position);
}
