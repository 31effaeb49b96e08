// Public entry point of the customers feature ('Dados de clientes (LGPD)'); the router loads CustomersPage lazily.
export const CUSTOMERS_PATH = '/dashboard/customers';
