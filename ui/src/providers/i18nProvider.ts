// pt-BR only: react-admin's pt-BR messages, the 6 keys ra-language-pt-br 1.5.1 lacks, and Fluxo's own.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import brazilianPortugueseMessages from 'ra-language-pt-br';
import { mergeTranslations } from 'react-admin';
import { fluxoMessages } from '../i18n/pt-BR';

// Keys added to react-admin after ra-language-pt-br 1.5.1 was published.
const missingReactAdminMessages = {
  ra: {
    action: {
      reset: 'Redefinir',
      search_columns: 'Buscar colunas',
    },
    notification: {
      offline: 'Sem conexão. Não foi possível carregar os dados.',
    },
    validation: {
      unique: 'Deve ser único',
    },
    guesser: {
      empty: {
        title: 'Nenhum dado para exibir',
        message: 'Verifique o seu provedor de dados',
      },
    },
  },
};

export const messages = mergeTranslations(brazilianPortugueseMessages, missingReactAdminMessages, fluxoMessages);

export const i18nProvider = polyglotI18nProvider(() => messages, 'pt-BR', [{ locale: 'pt-BR', name: 'Português' }]);
