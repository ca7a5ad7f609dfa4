// keys::KeyRing over MemorySecretBackend (the keychain's stand-in): the environment wins over
// the keychain, keys stored later reach environments handed out earlier, a keychain that
// cannot be reached is one message naming the provider and never the key. The real system
// keychain behind the same interface is tested in tests/gui/test_settings.cpp.
#include "keys/key_ring.h"

#include <QSignalSpy>
#include <QTest>

#include <map>

using namespace conform;
using keys::KeyRing;
using keys::KeySource;
using providers::ProviderKind;

Q_DECLARE_METATYPE(conform::keys::KeySource)

namespace {

providers::Environment fakeEnvironment(std::map<std::string, std::string> values)
{
    return [values = std::move(values)](const char* name) -> std::optional<std::string> {
        const auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
}

struct Ring
{
    keys::MemorySecretBackend* backend;
    std::unique_ptr<KeyRing> ring;
};

Ring makeRing(std::map<std::string, std::string> environment, std::map<std::string, std::string> keychain = {})
{
    auto backend = std::make_unique<keys::MemorySecretBackend>();
    keys::MemorySecretBackend* raw = backend.get();
    QObject context; // the seeding writes' callbacks are not needed: gone with it
    for (const auto& [account, secret] : keychain)
        raw->write(account, secret, &context, [](Status) {});
    return {raw, std::make_unique<KeyRing>(std::move(backend), fakeEnvironment(std::move(environment)))};
}

void loadAndWait(KeyRing& ring)
{
    QSignalSpy changed(&ring, &KeyRing::changed);
    ring.load();
    QVERIFY(changed.wait(10000));
    QVERIFY(ring.isLoaded());
}

} // namespace

class TestKeys : public QObject
{
    Q_OBJECT

private slots:
    void sourceOfAKey_data();
    void sourceOfAKey();
    void storeThenForget();
    void laterStoresReachEarlierEnvironments();
    void unreachableKeychainSaysWhichProvider();
    void accountsAreNamedAfterProviders();
};

void TestKeys::sourceOfAKey_data()
{
    QTest::addColumn<QString>("environment"); // the OPENAI_API_KEY variable, "" for unset
    QTest::addColumn<QString>("keychain");    // the openai-api-key entry, "" for none
    QTest::addColumn<KeySource>("source");
    QTest::addColumn<QString>("runKey");      // what a run reads as OPENAI_API_KEY

    QTest::newRow("nowhere") << "" << "" << KeySource::None << "";
    QTest::newRow("environment only") << "notakey-env" << "" << KeySource::Environment << "notakey-env";
    QTest::newRow("keychain only") << "" << "notakey-chain" << KeySource::Keychain << "notakey-chain";
    QTest::newRow("both: the environment wins") << "notakey-env" << "notakey-chain" << KeySource::Environment << "notakey-env";
}

void TestKeys::sourceOfAKey()
{
    QFETCH(QString, environment);
    QFETCH(QString, keychain);
    QFETCH(KeySource, source);
    QFETCH(QString, runKey);
    std::map<std::string, std::string> env, chain;
    if (!environment.isEmpty())
        env["OPENAI_API_KEY"] = environment.toStdString();
    if (!keychain.isEmpty())
        chain["openai-api-key"] = keychain.toStdString();
    Ring r = makeRing(env, chain);
    loadAndWait(*r.ring);
    QCOMPARE(r.ring->source(ProviderKind::OpenAI), source);
    QCOMPARE(r.ring->inKeychain(ProviderKind::OpenAI), !keychain.isEmpty());
    QCOMPARE(r.ring->source(ProviderKind::Anthropic), KeySource::None);
    const auto read = r.ring->environment()("OPENAI_API_KEY");
    QCOMPARE(QString::fromStdString(read.value_or("")), runKey);
    QVERIFY(!r.ring->environment()("ANTHROPIC_API_KEY"));
}

void TestKeys::storeThenForget()
{
    Ring r = makeRing({});
    loadAndWait(*r.ring);
    QSignalSpy changed(r.ring.get(), &KeyRing::changed);
    r.ring->store(ProviderKind::Anthropic, "notakey-ant-stored");
    QVERIFY(changed.wait(10000));
    QCOMPARE(r.ring->source(ProviderKind::Anthropic), KeySource::Keychain);
    QCOMPARE(r.backend->entries().at("anthropic-api-key"), std::string("notakey-ant-stored"));
    r.ring->forget(ProviderKind::Anthropic);
    QVERIFY(changed.wait(10000));
    QCOMPARE(r.ring->source(ProviderKind::Anthropic), KeySource::None);
    QVERIFY(r.backend->entries().empty());
}

void TestKeys::laterStoresReachEarlierEnvironments()
{
    Ring r = makeRing({{"OLLAMA_HOST", "http://127.0.0.1:9"}});
    loadAndWait(*r.ring);
    const providers::Environment forRuns = r.ring->environment();
    QCOMPARE(forRuns("OLLAMA_HOST").value_or(""), std::string("http://127.0.0.1:9"));
    QVERIFY(!forRuns("OPENAI_API_KEY"));
    QSignalSpy changed(r.ring.get(), &KeyRing::changed);
    r.ring->store(ProviderKind::OpenAI, "notakey-later");
    QVERIFY(changed.wait(10000));
    QCOMPARE(forRuns("OPENAI_API_KEY").value_or(""), std::string("notakey-later"));
}

void TestKeys::unreachableKeychainSaysWhichProvider()
{
    Ring r = makeRing({{"OPENAI_API_KEY", "notakey-env"}});
    r.backend->setUnavailable("no keychain service is running");
    QSignalSpy failed(r.ring.get(), &KeyRing::failed);
    QSignalSpy changed(r.ring.get(), &KeyRing::changed);
    r.ring->load();
    QVERIFY(changed.wait(10000));
    // A keychain that cannot be read at start is a fact for Settings ▸ Keys, said once, not
    // an error per provider to greet the user with.
    QCOMPARE(failed.count(), 0);
    QCOMPARE(r.ring->unavailable(), QStringLiteral("reading the in-memory keychain failed: no keychain service is running"));
    // The environment still serves runs.
    QCOMPARE(r.ring->source(ProviderKind::OpenAI), KeySource::Environment);

    failed.clear();
    r.ring->store(ProviderKind::Anthropic, "notakey-ant-secret-value");
    QVERIFY(failed.wait(10000));
    const QString message = failed.at(0).at(0).toString();
    QCOMPARE(message, QStringLiteral("anthropic key: storing the in-memory keychain failed: no keychain service is running"));
    QVERIFY(!message.contains(QLatin1String("notakey-ant")));
    QCOMPARE(r.ring->source(ProviderKind::Anthropic), KeySource::None);
}

void TestKeys::accountsAreNamedAfterProviders()
{
    QCOMPARE(keys::keychainAccount(ProviderKind::Anthropic), std::string("anthropic-api-key"));
    QCOMPARE(keys::keychainAccount(ProviderKind::OpenAI), std::string("openai-api-key"));
    QCOMPARE(KeyRing::variable(ProviderKind::Anthropic), std::string("ANTHROPIC_API_KEY"));
    const auto keyed = KeyRing::keyedProviders();
    QCOMPARE(keyed.size(), std::size_t(2));
}

QTEST_GUILESS_MAIN(TestKeys)
#include "test_keys.moc"
