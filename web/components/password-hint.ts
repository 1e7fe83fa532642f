import { BANNED_PASSWORD_TERMS, PASSWORD_MIN_LENGTH } from '@contract/rules/password';

/** Helper text for new-password fields, built from the contract's policy constants. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters with upper- and lower-case letters, a number and a special character. Avoid ${BANNED_PASSWORD_TERMS.join(', ')}.`;
