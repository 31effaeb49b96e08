// Public entry point of the WhatsApp feature (other features import only from here).
export { WhatsAppDialog } from './WhatsAppDialog';
