import { paymentChannelLabels, paymentChannels } from "../../../../domain/api/servicing";
import type { SelectOption } from "../../../components/select-field";

/** The channels of a disbursement or a payment, as the select shows them (mobile money first). */
export const channelOptions: readonly SelectOption[] = paymentChannels.map((channel) => ({
  value: channel,
  label: paymentChannelLabels[channel],
}));
