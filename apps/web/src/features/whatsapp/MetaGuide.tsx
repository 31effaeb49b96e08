/**
 * 'Passo a passo na Meta': where each value of the form comes from and where the webhook goes, in a merchant's
 * words. Closed by default; the form stays the first thing in view.
 */
export function MetaGuide() {
  return (
    <details className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
      <summary className="cursor-pointer font-semibold text-slate-900">Passo a passo na Meta</summary>
      <ol className="mt-3 list-decimal space-y-2 pl-5">
        <li>
          Em <strong>developers.facebook.com</strong>, entre com a conta do Facebook da empresa, clique em{' '}
          <strong>Meus apps → Criar app</strong>, escolha o tipo <strong>Empresa</strong> e adicione o produto{' '}
          <strong>WhatsApp</strong>.
        </li>
        <li>
          Em <strong>WhatsApp → Configuração da API</strong>, adicione o número de telefone da empresa e copie o{' '}
          <strong>ID do número de telefone</strong>: é o <em>ID do Telefone</em> daqui.
        </li>
        <li>
          Para um token que não expira: no <strong>Gerenciador de Negócios</strong> (business.facebook.com), em{' '}
          <strong>Configurações → Usuários do sistema</strong>, crie um usuário do sistema administrador, dê a ele acesso
          ao app e gere um token com as permissões <strong>whatsapp_business_messaging</strong> e{' '}
          <strong>whatsapp_business_management</strong>. Esse é o <em>Token da Meta</em>.
        </li>
        <li>
          Em <strong>Configurações do app → Básico</strong>, clique em <strong>Mostrar</strong> ao lado de{' '}
          <strong>Chave Secreta do Aplicativo</strong> e copie-a para o campo <em>App Secret</em>.
        </li>
        <li>
          Clique em <strong>Verificar e Salvar</strong> aqui. Depois, em <strong>WhatsApp → Configuração</strong> na Meta,
          clique em <strong>Editar</strong> no Webhook, cole a <em>URL do webhook</em> e o <em>Token de verificação</em> mostrados
          acima, confirme e, em <strong>Campos do webhook</strong>, assine <strong>messages</strong>.
        </li>
        <li>Mande uma mensagem para o número da empresa: o agente responde, e a conversa aparece em Conversas.</li>
      </ol>
    </details>
  );
}
