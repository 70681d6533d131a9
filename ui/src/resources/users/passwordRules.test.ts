import { describe, expect, it } from 'vitest';
import { adminPasswordProblem, createUserErrorDescription, validatePasswordChange } from './passwordRules';

describe('password rules (spec §5, §8)', () => {
  it('profile screen: both required, at least 6, confirmation equal', () => {
    expect(validatePasswordChange({ newPassword: 'abcdef' })).toEqual({ currentPassword: 'Digite a senha atual e a nova senha' });
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: '123', confirmPassword: '123' })).toEqual({ newPassword: 'A nova senha deve ter pelo menos 6 caracteres' });
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: '123456', confirmPassword: '12345' })).toEqual({ confirmPassword: 'A confirmação da senha não confere' });
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: '123456', confirmPassword: '123456' })).toEqual({});
  });

  it('admin dialog: the first broken rule, as the toast says it', () => {
    expect(adminPasswordProblem('', 'a', 'a')?.[0]).toBe('Senha atual obrigatória');
    expect(adminPasswordProblem('x', '', '')?.[0]).toBe('Nova senha obrigatória');
    expect(adminPasswordProblem('x', 'abcdef', 'abcdeg')).toEqual(['Senhas não coincidem', 'A nova senha e a confirmação devem ser iguais']);
    expect(adminPasswordProblem('x', 'abc', 'abc')).toEqual(['Senha muito curta', 'A senha deve ter pelo menos 6 caracteres']);
    expect(adminPasswordProblem('x', 'abcdef', 'abcdef')).toBeNull();
  });

  it('create user error: a message about the Password becomes the length rule', () => {
    expect(createUserErrorDescription('Password too short')).toBe('A senha deve ter pelo menos 6 caracteres');
    expect(createUserErrorDescription('Este email já está em uso')).toBe('Este email já está em uso');
  });
});
