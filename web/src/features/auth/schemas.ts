/**
 * The shared auth schemas, loaded on demand (see useZodForm): module-level functions, so the loaders
 * keep their identity across renders.
 */
const schemas = () => import('#shared/schemas/auth');

export const loadSignIn = async () => (await schemas()).signInInput;
export const loadSignUp = async () => (await schemas()).signUpInput;
export const loadResetRequest = async () => (await schemas()).requestPasswordResetInput;
export const loadNewPassword = async () => (await schemas()).resetPasswordInput.pick({ password: true });
export const loadConfirmPassword = async () => (await schemas()).confirmEmailInput.pick({ password: true });
