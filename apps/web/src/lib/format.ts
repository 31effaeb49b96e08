const timeZone = 'America/Sao_Paulo';
const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone });
const numberFormat = new Intl.NumberFormat('pt-BR');

/** 17/01/2025 */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** 17/01/2025, 14:32 */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** 1.000 */
export const formatNumber = (value: number) => numberFormat.format(value);
