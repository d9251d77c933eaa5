#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace hpx::model {

// The inference engine the board runs (engine.type, docs/config.md). The one enum and name table for it: the
// config, the wire's HPX_ENGINE, the merge rules, the bundle and the simulated board all use this.
enum class Engine { Tflm, HeliaRt, HeliaAot, Executorch };

QString engineName(Engine engine); // "tflm", "helia-rt", "helia-aot", "executorch" (engine.type, bundle files)
QString engineWireName(Engine engine); // HPX_ENGINE value: "tflm", "helia_rt", "helia_aot", "executorch"
// Either spelling, any case; "ExecuTorch" too. nullopt for anything else.
std::optional<Engine> engineFromName(const QString &name);
inline constexpr Engine allEngines[] = { Engine::Tflm, Engine::HeliaRt, Engine::HeliaAot, Engine::Executorch };
QStringList engineNames(); // engineName() of allEngines, in that order (engine.type's choices)

} // namespace hpx::model
