// The password and user-form rules of spec §5 and §8, worded exactly as the spec words them.

/** The server's password policy (app/identity/passwords.ts), shown under every new-password field. */
export const PASSWORD_RULE = 'Mínimo de 6 caracteres, sem ser só espaços nem uma senha comum (como 123456 ou password).';

/** Profile screen: both required, at least 6, confirmation equal. Field → message. */
export const validatePasswordChange = (values: Record<string, string | undefined>): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!values.currentPassword || !values.newPassword) {
    const message = 'Digite a senha atual e a nova senha';
    if (!values.currentPassword) errors.currentPassword = message;
    if (!values.newPassword) errors.newPassword = message;
  } else if (values.newPassword.length < 6) {
    errors.newPassword = 'A nova senha deve ter pelo menos 6 caracteres';
  } else if (values.newPassword !== values.confirmPassword) {
    errors.confirmPassword = 'A confirmação da senha não confere';
  }
  return errors;
};

/** Admin-style password dialog: the first rule broken, as [toast title, description], or null. */
export const adminPasswordProblem = (current: string, next: string, confirmation: string): [string, string] | null => {
  if (!current) return ['Senha atual obrigatória', 'Digite a sua senha atual'];
  if (!next) return ['Nova senha obrigatória', 'Digite a nova senha'];
  if (next !== confirmation) return ['Senhas não coincidem', 'A nova senha e a confirmação devem ser iguais'];
  if (next.length < 6) return ['Senha muito curta', 'A senha deve ter pelo menos 6 caracteres'];
  return null;
};

/** 'Erro ao criar usuário': a server message about the password becomes the length rule. */
export const createUserErrorDescription = (message: string) =>
  /password/i.test(message) ? 'A senha deve ter pelo menos 6 caracteres' : message;
