import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Política de Privacidade"
      description="Como o Atende trata dados pessoais de clientes e de usuários finais, em conformidade com a LGPD."
    >
      <p>
        Esta Política de Privacidade explica como a <strong>Atende Tecnologia Ltda.</strong>, inscrita no CNPJ sob o
        nº 00.000.000/0001-00, com sede em São Paulo/SP (“Atende”, “nós”), trata dados pessoais na plataforma Atende,
        em conformidade com a Lei Geral de Proteção de Dados Pessoais (LGPD — Lei nº 13.709/2018). Ela se aplica às
        empresas que usam a plataforma (“clientes”) e às pessoas que conversam com os agentes desses clientes
        (“usuários finais”).
      </p>

      <section aria-labelledby="papeis">
        <h2 id="papeis">1. Controlador e operador</h2>
        <p>A LGPD distingue quem decide sobre o tratamento (controlador) de quem trata dados em nome de outro (operador):</p>
        <ul>
          <li>
            <strong>O Atende é controlador</strong> dos dados das contas dos clientes — cadastro, login, assinatura e
            registros de uso da plataforma.
          </li>
          <li>
            <strong>O Atende é operador</strong> dos dados dos usuários finais tratados nas conversas com os agentes,
            inclusive pelo WhatsApp. Nesse caso, o controlador é a empresa cliente que publicou o agente, e nós
            tratamos esses dados apenas conforme as instruções dela e para prestar o serviço.
          </li>
        </ul>
        <p>
          Se você conversou com um agente de uma empresa e tem dúvidas sobre seus dados, recomendamos procurar
          primeiro essa empresa. Se nos procurar, encaminharemos o pedido a ela e a apoiaremos na resposta.
        </p>
      </section>

      <section aria-labelledby="dados">
        <h2 id="dados">2. Dados que tratamos</h2>

        <h3>2.1. Dados da conta</h3>
        <p>
          Nome, e-mail, nome da empresa e telefone, informados no cadastro. A senha nunca é armazenada em texto: guardamos
          apenas um hash criptográfico dela, que não permite recuperar a senha original.
        </p>

        <h3>2.2. Dados de uso e registros técnicos</h3>
        <p>
          Endereço IP, data e hora de acesso, navegador e sistema (user agent), identificadores de requisição e
          registros de erros e de segurança, gerados quando a plataforma é usada.
        </p>

        <h3>2.3. Conteúdo</h3>
        <ul>
          <li>
            textos, arquivos e links que o cliente adiciona à base de conhecimento dos agentes, e o conteúdo extraído
            deles — que pode incluir dados pessoais, se o cliente os incluir;
          </li>
          <li>
            transcrições das conversas entre os agentes e os usuários finais, que ficam armazenadas para que o cliente
            possa lê-las;
          </li>
          <li>
            no WhatsApp: as mensagens trocadas, o número de telefone e o identificador do usuário final no WhatsApp,
            o nome de perfil quando enviado pela Meta, e as credenciais da Meta cadastradas pelo cliente.
          </li>
        </ul>

        <h3>2.4. Dados de pagamento</h3>
        <p>
          Os pagamentos são processados pelo Mercado Pago. Dados de cartão e de outros meios de pagamento são
          informados diretamente ao Mercado Pago e não passam pelos nossos servidores. Guardamos apenas o
          identificador da assinatura, o plano contratado e a situação do pagamento.
        </p>
        <p>
          Não solicitamos dados pessoais sensíveis. Pedimos aos clientes que não os incluam na base de conhecimento
          sem necessidade.
        </p>
      </section>

      <section aria-labelledby="finalidades">
        <h2 id="finalidades">3. Finalidades e bases legais</h2>
        <p>Tratamos dados pessoais com base nas hipóteses do art. 7º da LGPD:</p>
        <ul>
          <li>
            <strong>Execução de contrato</strong> (art. 7º, V): criar e manter a conta, autenticar o acesso,
            configurar e publicar agentes, gerar respostas, exibir conversas, gerenciar a assinatura e prestar suporte.
          </li>
          <li>
            <strong>Legítimo interesse</strong> (art. 7º, IX): manter a segurança da plataforma, prevenir fraudes e
            abusos, corrigir falhas, medir o uso dos limites do plano e melhorar o serviço, sempre respeitando as
            expectativas e os direitos dos titulares.
          </li>
          <li>
            <strong>Cumprimento de obrigação legal ou regulatória</strong> (art. 7º, II): por exemplo, guardar
            registros de acesso, como exige o Marco Civil da Internet, e documentos fiscais.
          </li>
          <li>
            <strong>Exercício regular de direitos</strong> (art. 7º, VI): defesa em processos judiciais,
            administrativos ou arbitrais.
          </li>
          <li>
            <strong>Consentimento</strong> (art. 7º, I): quando for a base adequada, como no envio de comunicações que
            não sejam necessárias à prestação do serviço. O consentimento pode ser revogado a qualquer momento.
          </li>
        </ul>
        <p>
          Quanto aos dados dos usuários finais, a definição da base legal cabe ao cliente, como controlador. Não
          vendemos dados pessoais e não usamos o conteúdo dos clientes nem as conversas para publicidade.
        </p>
      </section>

      <section aria-labelledby="compartilhamento">
        <h2 id="compartilhamento">4. Compartilhamento e suboperadores</h2>
        <p>Compartilhamos dados apenas com quem precisa deles para que o serviço funcione:</p>
        <ul>
          <li>
            <strong>Hospedagem em nuvem:</strong> fornecedores de infraestrutura que hospedam nossos servidores, o
            banco de dados e o armazenamento privado de arquivos.
          </li>
          <li>
            <strong>Provedor de inteligência artificial:</strong> somente quando esse recurso está habilitado,
            enviamos apenas o texto necessário para gerar cada resposta — a pergunta do usuário final, trechos
            relevantes da base de conhecimento, parte recente da conversa e as instruções do agente. Não enviamos
            dados da conta, senhas nem credenciais. No modo offline, as respostas são montadas na própria plataforma,
            sem envio a esse provedor.
          </li>
          <li>
            <strong>Meta (WhatsApp):</strong> quando o cliente conecta o WhatsApp, as mensagens trafegam pela API do
            WhatsApp Cloud, com as credenciais do próprio cliente. O tratamento feito pela Meta segue os termos e
            políticas dela.
          </li>
          <li>
            <strong>Mercado Pago:</strong> processamento das assinaturas e dos pagamentos.
          </li>
          <li>
            <strong>Autoridades:</strong> quando houver obrigação legal ou ordem judicial ou de autoridade competente.
          </li>
        </ul>
        <p>
          Os fornecedores que atuam como suboperadores só podem tratar os dados para as finalidades do serviço,
          conforme seus contratos e termos de uso.
        </p>
      </section>

      <section aria-labelledby="transferencia">
        <h2 id="transferencia">5. Transferência internacional</h2>
        <p>
          Alguns fornecedores, como o provedor de inteligência artificial, a Meta e eventualmente serviços de
          hospedagem, podem tratar dados em servidores fora do Brasil. Essas transferências seguem o art. 33 da
          LGPD: ocorrem quando necessárias à execução do contrato com o cliente ou a pedido dele (art. 33, IX), e
          buscamos contar com garantias contratuais de proteção de dados com esses fornecedores (art. 33, II),
          observada a regulamentação da Autoridade Nacional de Proteção de Dados (ANPD).
        </p>
      </section>

      <section aria-labelledby="retencao">
        <h2 id="retencao">6. Por quanto tempo guardamos os dados</h2>
        <ul>
          <li>
            <strong>Dados da conta:</strong> enquanto a conta estiver ativa. Após o encerramento, são excluídos ou
            anonimizados em até 30 dias, salvo o que precisarmos manter pelos motivos abaixo.
          </li>
          <li>
            <strong>Base de conhecimento e arquivos:</strong> até que o cliente os exclua ou até o encerramento da
            conta.
          </li>
          <li>
            <strong>Conversas e mensagens do WhatsApp:</strong> enquanto a conta estiver ativa ou até que o cliente,
            como controlador, solicite a exclusão.
          </li>
          <li>
            <strong>Registros de acesso:</strong> por 6 meses, como determina o art. 15 do Marco Civil da Internet
            (Lei nº 12.965/2014), ou por prazo maior se houver requisição de autoridade.
          </li>
          <li>
            <strong>Dados de assinatura e pagamento:</strong> pelo prazo exigido pela legislação fiscal e contábil, em
            regra 5 anos.
          </li>
        </ul>
        <p>
          Dados necessários ao exercício regular de direitos podem ser mantidos pelo prazo prescricional aplicável.
          Cópias de segurança, quando existentes, são eliminadas em seu ciclo regular de renovação.
        </p>
      </section>

      <section aria-labelledby="seguranca">
        <h2 id="seguranca">7. Segurança</h2>
        <p>Adotamos medidas técnicas e administrativas para proteger os dados, entre elas:</p>
        <ul>
          <li>criptografia em trânsito (HTTPS/TLS) na comunicação com a plataforma;</li>
          <li>senhas armazenadas apenas como hash;</li>
          <li>credenciais do WhatsApp criptografadas no banco de dados;</li>
          <li>
            controle de acesso por conta: cada cliente acessa somente os próprios agentes, conteúdos e conversas;
          </li>
          <li>
            chaves de API e demais segredos mantidos apenas no servidor, nunca enviados ao navegador;
          </li>
          <li>arquivos guardados em armazenamento privado, sem acesso público;</li>
          <li>sessões protegidas por cookie httpOnly, inacessível a scripts da página.</li>
        </ul>
        <p>
          Nenhum sistema é totalmente imune a incidentes. Se ocorrer um incidente de segurança que possa acarretar
          risco ou dano relevante aos titulares, comunicaremos a ANPD e os afetados, nos termos do art. 48 da LGPD.
          Quando os dados afetados forem de usuários finais, avisaremos o cliente controlador para que ele possa
          cumprir suas próprias obrigações.
        </p>
      </section>

      <section aria-labelledby="direitos">
        <h2 id="direitos">8. Seus direitos</h2>
        <p>Nos termos do art. 18 da LGPD, o titular pode solicitar:</p>
        <ul>
          <li>confirmação da existência de tratamento e acesso aos dados;</li>
          <li>correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>
            anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade
            com a lei;
          </li>
          <li>portabilidade dos dados, observada a regulamentação da ANPD;</li>
          <li>eliminação dos dados tratados com base no consentimento, ressalvadas as hipóteses do art. 16;</li>
          <li>informação sobre as entidades com as quais compartilhamos os dados;</li>
          <li>informação sobre a possibilidade de não consentir e suas consequências;</li>
          <li>revogação do consentimento.</li>
        </ul>
        <p>
          Para exercer esses direitos, envie um e-mail ao nosso Encarregado em{' '}
          <a href="mailto:privacidade@atende.app">privacidade@atende.app</a>. Poderemos pedir informações para
          confirmar sua identidade e responderemos em até 15 dias. Pedidos sobre dados de conversas serão
          encaminhados à empresa controladora, conforme a seção 1. Você também pode apresentar reclamação à ANPD.
        </p>
      </section>

      <section aria-labelledby="cookies">
        <h2 id="cookies">9. Cookies</h2>
        <p>
          Usamos apenas um cookie essencial de sessão, que mantém você conectado à sua conta. Ele é httpOnly, ou seja,
          não pode ser lido por scripts da página, e deixa de valer ao sair da conta ou ao expirar. Não usamos cookies
          de publicidade nem rastreadores de terceiros. Como esse cookie é indispensável ao funcionamento do login, ele
          não depende de consentimento; se você bloqueá-lo no navegador, não conseguirá acessar a conta.
        </p>
      </section>

      <section aria-labelledby="criancas">
        <h2 id="criancas">10. Crianças e adolescentes</h2>
        <p>
          A plataforma é destinada a empresas, e as contas só podem ser criadas por maiores de 18 anos. Não coletamos
          intencionalmente dados de crianças ou adolescentes para as nossas próprias finalidades. Se o público de um
          cliente incluir crianças ou adolescentes, cabe a ele, como controlador, observar o art. 14 da LGPD e tratar
          esses dados no melhor interesse deles.
        </p>
      </section>

      <section aria-labelledby="alteracoes">
        <h2 id="alteracoes">11. Alterações desta política</h2>
        <p>
          Podemos atualizar esta Política para refletir mudanças no serviço ou na legislação. A data da última
          atualização fica no topo desta página, e mudanças relevantes serão comunicadas por e-mail ou na própria
          plataforma antes de entrarem em vigor.
        </p>
      </section>

      <section aria-labelledby="encarregado">
        <h2 id="encarregado">12. Encarregado e contato</h2>
        <p>
          Nosso Encarregado pelo tratamento de dados pessoais (DPO) pode ser contatado pelo e-mail{' '}
          <a href="mailto:privacidade@atende.app">privacidade@atende.app</a>. Para outros assuntos, escreva para{' '}
          <a href="mailto:contato@atende.app">contato@atende.app</a>.
        </p>
        <p>Atende Tecnologia Ltda. — CNPJ 00.000.000/0001-00 — São Paulo/SP.</p>
      </section>
    </LegalPage>
  );
}
