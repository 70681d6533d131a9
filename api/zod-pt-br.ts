// pt-BR messages for zod's generic issues, so every validation error a person sees is in Portuguese.
import { z, ZodIssueCode, type ZodErrorMap } from 'zod';

const typeNames: Record<string, string> = {
  string: 'texto', number: 'número', integer: 'número inteiro', boolean: 'verdadeiro/falso', object: 'objeto',
  array: 'lista', date: 'data', bigint: 'número', undefined: 'vazio', null: 'nulo',
};

export const ptBrErrorMap: ZodErrorMap = (issue, ctx) => {
  switch (issue.code) {
    case ZodIssueCode.invalid_type:
      if (issue.received === 'undefined') return { message: 'Campo obrigatório' };
      return { message: `Tipo inválido: esperado ${typeNames[issue.expected] ?? issue.expected}` };
    case ZodIssueCode.too_small:
      if (issue.type === 'string') return { message: issue.minimum === 1 ? 'Campo obrigatório' : `Deve ter pelo menos ${issue.minimum} caracteres` };
      if (issue.type === 'array') return { message: `Deve ter pelo menos ${issue.minimum} itens` };
      return { message: `Deve ser maior ou igual a ${issue.minimum}` };
    case ZodIssueCode.too_big:
      if (issue.type === 'string') return { message: `Deve ter no máximo ${issue.maximum} caracteres` };
      if (issue.type === 'array') return { message: `Deve ter no máximo ${issue.maximum} itens` };
      return { message: `Deve ser menor ou igual a ${issue.maximum}` };
    case ZodIssueCode.invalid_string:
      if (issue.validation === 'email') return { message: 'Email inválido' };
      if (issue.validation === 'uuid') return { message: 'Identificador inválido' };
      return { message: 'Formato inválido' };
    case ZodIssueCode.invalid_enum_value:
      return { message: `Valor inválido; use um destes: ${issue.options.join(', ')}` };
    case ZodIssueCode.unrecognized_keys:
      return { message: `Campos não reconhecidos: ${issue.keys.join(', ')}` };
    case ZodIssueCode.invalid_date:
      return { message: 'Data inválida' };
    default:
      return { message: ctx.defaultError === 'Required' ? 'Campo obrigatório' : 'Valor inválido' };
  }
};

z.setErrorMap(ptBrErrorMap);
