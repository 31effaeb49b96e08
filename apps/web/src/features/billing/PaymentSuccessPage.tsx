export default function PaymentSuccessPage() {
  return <div>TODO</div>;
}
