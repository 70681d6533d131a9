// Fluxo's own interface messages (pt-BR, worded as in the product spec), under the `fluxo.` prefix.
export const fluxoMessages = {
  fluxo: {
    name: 'Fluxo',
    menu: {
      dashboard: 'Dashboard',
      cashFlow: 'Fluxo de Caixa',
      expenses: 'Despesas',
      revenues: 'Receitas',
      goals: 'Metas Financeiras',
      investments: 'Investimentos',
      aiInsights: 'Insights IA',
      reports: 'Relatórios',
      importOfx: 'Importar Extrato OFX',
      bankIntegration: 'Integração Bancária',
      users: 'Usuários',
      audit: 'Auditoria',
      admin: 'Painel Admin',
      settings: 'Configurações',
      logout: 'Sair',
      open: 'Abrir menu',
    },
    roles: {
      super_admin: 'Super Admin',
      org_admin: 'Administrador',
      user: 'Usuário',
    },
    errors: {
      unexpected: 'Ocorreu um erro inesperado',
      logout: 'Erro ao fazer logout',
    },
    auth: {
      email: 'Email',
      password: 'Senha',
      username: 'Nome de usuário',
      organizationName: 'Nome da organização',
      organizationSlug: 'Identificador da organização',
      slugHint: 'Apenas letras, números e hífens',
      passwordTooShort: 'A senha deve ter pelo menos 6 caracteres',
      login: {
        title: 'Entrar',
        subtitle: 'Acesse a sua conta para gerenciar as finanças da sua empresa',
        submit: 'Entrar',
        question: 'Ainda não tem uma conta?',
        link: 'Cadastre-se',
      },
      register: {
        title: 'Criar conta',
        subtitle: 'Cadastre a sua empresa e comece o teste grátis de 14 dias',
        submit: 'Criar conta',
        question: 'Já tem uma conta?',
        link: 'Entrar',
      },
      forgotLink: 'Esqueci minha senha',
      forgot: {
        title: 'Esqueci minha senha',
        subtitle: 'Informe o email da sua conta e enviaremos um link para criar uma nova senha',
        submit: 'Enviar link',
        question: 'Lembrou a senha?',
        link: 'Entrar',
      },
      reset: {
        title: 'Nova senha',
        subtitle: 'Escolha uma nova senha para a sua conta',
        submit: 'Redefinir senha',
        question: 'Lembrou a senha?',
        link: 'Entrar',
        newPassword: 'Nova senha',
        confirmPassword: 'Confirmar nova senha',
        mismatch: 'A confirmação da senha não confere',
        missingToken: 'Este link de redefinição é inválido. Peça um novo em "Esqueci minha senha".',
        goToLogin: 'Ir para o login',
      },
    },
    dashboard: {
      title: 'Dashboard Financeiro',
      emptyTitle: 'Nada por aqui ainda',
      emptyMessage:
        'Os indicadores financeiros, os gráficos e as transações recentes da sua organização aparecerão aqui.',
    },
    notFound: {
      title: '404 — Página não encontrada',
      hint: 'O endereço que você abriu não existe ou foi movido. Confira o link ou volte ao início.',
      back: 'Voltar ao início',
    },
  },
  // Field names react-admin shows by itself (e.g. the goals grid's SortButton).
  resources: {
    goals: {
      fields: { createdAt: 'Data de criação', name: 'Nome', progress: 'Progresso', targetAmount: 'Valor da meta', targetDate: 'Prazo' },
    },
  },
};
