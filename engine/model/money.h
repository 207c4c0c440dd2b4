#pragma once

#include <QString>

namespace fd {

/// A US-dollar amount from integer cents as people write it in records the engine keeps (audit details,
/// alerts, headless output): "$1,250.00", "$0.00", "-$5.00". Locale-independent, so that an audit row reads
/// the same on every desk; the console shows amounts in the user's locale (ui::formatCents). Thread-safe.
QString dollars(qint64 cents);

} // namespace fd
