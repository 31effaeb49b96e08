import { Link } from 'react-router';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  return (
    <LegalPage title="Termos de Uso" description="Termos de Uso da plataforma Atende de agentes de IA para atendimento.">
      <p>
        Estes Termos de Uso regulam o acesso e o uso da plataforma Atende, oferecida por{' '}
        <strong>Atende Tecnologia Ltda.</strong>, inscrita no CNPJ sob o nº 00.000.000/0001-00 (“Atende”, “nós”). Ao
        longo deste documento, “você” ou “cliente” é a pessoa ou empresa que cria uma conta na plataforma, e “seus
        clientes” são as pessoas que conversam com os agentes que você publicar.
      </p>

      <section aria-labelledby="aceitacao">
        <h2 id="aceitacao">1. Aceitação dos termos</h2>
        <p>
          Ao criar uma conta ou usar a plataforma, você declara que leu e concorda com estes Termos e com a nossa
          {' '}<Link to="/privacy">Política de Privacidade</Link>. Se estiver agindo em nome de uma empresa, você declara ter poderes para aceitá-los
          em nome dela. Se não concordar com alguma condição, não utilize o serviço.
        </p>
      </section>

      <section aria-labelledby="servico">
        <h2 id="servico">2. Descrição do serviço</h2>
        <p>
          O Atende é um software como serviço (SaaS) que permite criar agentes de atendimento automatizado (chatbots)
          para responder às perguntas dos seus clientes. Com ele, você pode:
        </p>
        <ul>
          <li>
            ensinar seus agentes com textos, arquivos (PDF, TXT, CSV, DOC, DOCX, XLS e XLSX) e links do seu site,
            formando a base de conhecimento de cada agente;
          </li>
          <li>
            publicar os agentes em um link público de conversa, no seu site (incorporado à página ou como janela
            flutuante) e no WhatsApp, por meio da API oficial do WhatsApp Cloud, usando as suas próprias credenciais
            da Meta;
          </li>
          <li>consultar as conversas realizadas pelos agentes com os seus clientes.</li>
        </ul>
        <p>
          As respostas podem ser geradas por um provedor terceiro de inteligência artificial, quando esse recurso
          estiver configurado, ou, caso contrário, por um modo offline que seleciona trechos da própria base de
          conhecimento. Podemos aprimorar, alterar ou descontinuar funcionalidades, sempre buscando preservar as
          funções essenciais do plano contratado.
        </p>
      </section>

      <section aria-labelledby="conta">
        <h2 id="conta">3. Conta e segurança</h2>
        <p>
          Para usar o Atende, você precisa ter pelo menos 18 anos e capacidade civil, e fornecer informações
          verdadeiras, completas e atualizadas no cadastro. Você é responsável por:
        </p>
        <ul>
          <li>manter sua senha em sigilo e não compartilhar o acesso à sua conta;</li>
          <li>todas as atividades realizadas na sua conta, inclusive por pessoas a quem você der acesso;</li>
          <li>
            nos avisar imediatamente, pelo e-mail <a href="mailto:contato@atende.app">contato@atende.app</a>, se
            suspeitar de uso não autorizado da conta.
          </li>
        </ul>
        <p>
          Também é sua responsabilidade guardar com segurança as credenciais da Meta (WhatsApp) e de outros serviços
          que você cadastrar na plataforma.
        </p>
      </section>

      <section aria-labelledby="planos">
        <h2 id="planos">4. Planos, pagamentos, renovação e cancelamento</h2>
        <p>
          O Atende oferece os planos Gratuito, Essencial, Pro e Enterprise. Cada plano tem um preço e limites
          próprios, como a quantidade de agentes e a franquia mensal de mensagens, conforme divulgado na página de
          planos no momento da contratação. As condições do plano Enterprise são definidas em proposta ou contrato
          específico, que prevalece sobre estes Termos no que for diferente.
        </p>
        <ul>
          <li>
            <strong>Cobrança:</strong> os planos pagos são assinaturas mensais processadas pelo Mercado Pago. Os dados
            do seu cartão ou de outro meio de pagamento são informados diretamente ao Mercado Pago; o Atende não tem
            acesso a eles.
          </li>
          <li>
            <strong>Renovação:</strong> a assinatura é renovada automaticamente a cada mês, com cobrança no meio de
            pagamento cadastrado, até que você a cancele.
          </li>
          <li>
            <strong>Franquia de mensagens:</strong> a franquia é mensal e não acumula para os meses seguintes. Ao
            atingir o limite, o atendimento automático pode ficar indisponível até o início do próximo ciclo ou até a
            contratação de um plano superior.
          </li>
          <li>
            <strong>Cancelamento:</strong> você pode cancelar a qualquer momento na área “Meu plano”, sem multa. O
            cancelamento interrompe as próximas cobranças, e o acesso aos recursos do plano pago continua até o fim do
            período já pago. Não há devolução proporcional de dias não utilizados, salvo nos casos previstos em lei.
          </li>
          <li>
            <strong>Direito de arrependimento:</strong> quando aplicável, nos termos do art. 49 do Código de Defesa do
            Consumidor, você pode desistir da contratação em até 7 dias a contar da contratação, com devolução
            integral do valor pago, solicitando pelo e-mail{' '}
            <a href="mailto:contato@atende.app">contato@atende.app</a>.
          </li>
          <li>
            <strong>Mudança para o plano Gratuito:</strong> ao final do período pago, a conta passa para o plano
            Gratuito. Seus agentes e respectivos conteúdos são mantidos; os agentes que excederem o limite do plano
            Gratuito são desativados, mas nunca excluídos, e podem ser reativados ao contratar novamente um plano
            compatível.
          </li>
          <li>
            <strong>Falta de pagamento:</strong> se a cobrança não for aprovada, a conta poderá ser transferida para o
            plano Gratuito, com os mesmos efeitos descritos no item anterior.
          </li>
          <li>
            <strong>Reajustes:</strong> alterações de preço serão comunicadas com pelo menos 30 dias de antecedência e
            só valerão a partir do ciclo de cobrança seguinte. Se não concordar, você pode cancelar antes da
            renovação.
          </li>
        </ul>
        <p>
          Eventuais tarifas cobradas pela Meta pelo uso da API do WhatsApp são devidas por você diretamente à Meta e
          não estão incluídas nos planos do Atende.
        </p>
      </section>

      <section aria-labelledby="uso-aceitavel">
        <h2 id="uso-aceitavel">5. Uso aceitável</h2>
        <p>Ao usar o Atende, você concorda em não:</p>
        <ul>
          <li>enviar spam ou mensagens não solicitadas, nem usar os agentes para disparos em massa;</li>
          <li>
            publicar ou divulgar conteúdo ilegal, enganoso, difamatório, discriminatório, que incite violência ou que
            viole direitos de terceiros, inclusive direitos autorais e de marca;
          </li>
          <li>aplicar golpes, fraudes ou práticas comerciais abusivas contra seus clientes;</li>
          <li>
            tentar acessar contas ou dados de outros clientes, contornar limites técnicos ou de plano, ou comprometer
            a segurança e a estabilidade da plataforma;
          </li>
          <li>fazer engenharia reversa, copiar ou revender o serviço sem nossa autorização por escrito.</li>
        </ul>
        <p>
          No WhatsApp, você é o titular da conta comercial e das credenciais da Meta e deve cumprir as políticas do
          WhatsApp Business, inclusive as regras sobre consentimento (opt-in) dos destinatários, tipos de mensagem
          permitidos e produtos e serviços proibidos. O Atende não é afiliado à Meta e não responde por bloqueios,
          restrições ou cobranças aplicados por ela à sua conta.
        </p>
      </section>

      <section aria-labelledby="conteudo">
        <h2 id="conteudo">6. Seu conteúdo e seus clientes</h2>
        <p>
          Você é o único responsável pelo conteúdo que envia à plataforma — textos, arquivos, links e instruções dos
          agentes — e declara que tem o direito de utilizá-lo. Evite incluir na base de conhecimento dados pessoais
          que não sejam necessários para o atendimento, em especial dados pessoais sensíveis, senhas ou informações
          confidenciais.
        </p>
        <p>
          Em relação aos dados pessoais dos seus clientes tratados nas conversas, você é o controlador, nos termos da
          Lei Geral de Proteção de Dados (Lei nº 13.709/2018), e o Atende atua como operador, tratando esses dados
          apenas para prestar o serviço, conforme a nossa Política de Privacidade. Cabe a você:
        </p>
        <ul>
          <li>informar aos seus clientes que eles estão sendo atendidos por um assistente automatizado;</li>
          <li>
            informar, na sua própria política de privacidade, como os dados das conversas são tratados e que as
            conversas ficam registradas e disponíveis para a sua empresa;
          </li>
          <li>atender às solicitações dos titulares desses dados, com o nosso apoio quando necessário.</li>
        </ul>
      </section>

      <section aria-labelledby="ia">
        <h2 id="ia">7. Limitações da inteligência artificial</h2>
        <p>
          As respostas dos agentes são geradas automaticamente e podem conter erros, informações imprecisas ou
          incompletas, ou afirmações que não constam da sua base de conhecimento. Por isso, recomendamos que você:
        </p>
        <ul>
          <li>mantenha a base de conhecimento correta e atualizada;</li>
          <li>revise periodicamente as conversas e ajuste o conteúdo e as instruções dos agentes;</li>
          <li>ofereça aos seus clientes um canal de atendimento humano para casos que o agente não resolver;</li>
          <li>
            não use os agentes como única fonte de orientações que exijam análise profissional, como questões
            médicas, jurídicas ou financeiras.
          </li>
        </ul>
        <p>
          As informações prestadas pelos agentes aos seus clientes são de responsabilidade da sua empresa, como
          ocorreria com qualquer outro canal de atendimento que você mantém.
        </p>
      </section>

      <section aria-labelledby="propriedade">
        <h2 id="propriedade">8. Propriedade intelectual</h2>
        <p>
          O software, a marca, o design e os demais elementos da plataforma pertencem ao Atende ou aos seus
          licenciadores. Estes Termos concedem a você apenas uma licença limitada, revogável, não exclusiva e
          intransferível para usar a plataforma em benefício da sua empresa, enquanto durar a sua conta.
        </p>
        <p>
          Todo o conteúdo que você enviar continua sendo seu. Você nos autoriza a armazenar, processar e exibir esse
          conteúdo somente na medida necessária para prestar o serviço a você. Sugestões que você nos enviar sobre o
          produto poderão ser usadas livremente para aprimorá-lo, sem obrigação de compensação.
        </p>
      </section>

      <section aria-labelledby="disponibilidade">
        <h2 id="disponibilidade">9. Disponibilidade do serviço</h2>
        <p>
          Empregamos esforços razoáveis para manter a plataforma disponível e funcionando bem, mas não garantimos
          funcionamento ininterrupto ou livre de falhas, nem oferecemos acordo de nível de serviço (SLA), salvo se
          previsto em contrato Enterprise. O serviço pode ser interrompido para manutenção, atualizações ou por causas
          fora do nosso controle, e também depende de terceiros, como o provedor de hospedagem, o provedor de
          inteligência artificial, a Meta e o Mercado Pago. Sempre que possível, avisaremos com antecedência sobre
          manutenções programadas.
        </p>
      </section>

      <section aria-labelledby="responsabilidade">
        <h2 id="responsabilidade">10. Limitação de responsabilidade</h2>
        <p>
          Na extensão máxima permitida pela legislação aplicável, incluindo o Código de Defesa do Consumidor (Lei nº
          8.078/1990) e o Marco Civil da Internet (Lei nº 12.965/2014):
        </p>
        <ul>
          <li>
            o Atende não responde pelo conteúdo inserido por você ou pelos seus clientes, nem pelas decisões tomadas
            com base nas respostas dos agentes;
          </li>
          <li>
            o Atende não responde por falhas, indisponibilidades ou mudanças em serviços de terceiros, como WhatsApp,
            Mercado Pago e provedores de inteligência artificial;
          </li>
          <li>
            o Atende não responde por lucros cessantes, perda de oportunidades de negócio ou outros danos indiretos;
          </li>
          <li>
            nos casos em que a lei admitir limitação, nossa responsabilidade total fica limitada ao valor pago por
            você ao Atende nos 12 meses anteriores ao fato que originou o pedido.
          </li>
        </ul>
        <p>
          Nada nestes Termos exclui ou limita responsabilidades que, por lei, não possam ser excluídas ou limitadas,
          nem afasta direitos assegurados ao consumidor.
        </p>
      </section>

      <section aria-labelledby="encerramento">
        <h2 id="encerramento">11. Suspensão e encerramento</h2>
        <p>
          Você pode deixar de usar o Atende a qualquer momento e solicitar o encerramento da sua conta pelo e-mail{' '}
          <a href="mailto:contato@atende.app">contato@atende.app</a>. Podemos suspender ou encerrar contas que violem
          estes Termos, a lei ou as políticas de terceiros aplicáveis, que coloquem em risco a segurança da plataforma
          ou de outros usuários, ou mediante ordem judicial ou de autoridade competente. Sempre que possível e
          permitido, avisaremos antes e daremos prazo para a correção.
        </p>
        <p>
          Com o encerramento da conta, os agentes deixam de responder e os dados são excluídos ou anonimizados
          conforme os prazos da Política de Privacidade, ressalvados aqueles que a lei nos obriga a guardar.
          Recomendamos que você mantenha cópias do conteúdo que enviou à plataforma.
        </p>
      </section>

      <section aria-labelledby="alteracoes">
        <h2 id="alteracoes">12. Alterações destes termos</h2>
        <p>
          Podemos atualizar estes Termos para refletir mudanças no serviço ou na legislação. A data da última
          atualização fica indicada no topo desta página. Alterações relevantes serão comunicadas por e-mail ou na
          própria plataforma com pelo menos 15 dias de antecedência. Se não concordar com a nova versão, você pode
          cancelar a assinatura e encerrar a conta; o uso continuado após a entrada em vigor indica concordância.
        </p>
      </section>

      <section aria-labelledby="lei-foro">
        <h2 id="lei-foro">13. Lei aplicável e foro</h2>
        <p>
          Estes Termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da Comarca de São
          Paulo/SP para resolver eventuais controvérsias, ressalvado o direito do consumidor de propor a ação no foro
          do seu domicílio. Antes de recorrer ao Judiciário, convidamos você a nos procurar para tentarmos uma solução
          amigável.
        </p>
      </section>

      <section aria-labelledby="contato">
        <h2 id="contato">14. Contato</h2>
        <p>
          Dúvidas sobre estes Termos podem ser enviadas para{' '}
          <a href="mailto:contato@atende.app">contato@atende.app</a>. Para assuntos relacionados a dados pessoais,
          fale com o nosso Encarregado pelo e-mail <a href="mailto:privacidade@atende.app">privacidade@atende.app</a>.
        </p>
        <p>Atende Tecnologia Ltda. — CNPJ 00.000.000/0001-00 — São Paulo/SP.</p>
      </section>
    </LegalPage>
  );
}
