/**
 * The fakes of the third parties (OpenAI-compatible LLM, WhatsApp Graph API, Mercado Pago, S3, SMTP), all on
 * 127.0.0.1: every test, spec and bench imports them from here.
 */
export * from './graph';
export * from './mercadopago';
export * from './openai';
export * from './s3';
export * from './smtp';
