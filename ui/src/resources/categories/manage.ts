/** The navigation state that opens the Despesas screen with its category manager. */
export const MANAGE_CATEGORIES = 'manage-categories';
