// Brazilian Portuguese messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "Configurações da conta",
  'settings.profile': "Meu perfil",
  'settings.security': "Segurança",
  'settings.connectedApps': "Apps conectados",
  'settings.signOut': "Sair",
  'settings.teams': "Equipes",
  'settings.createTeam': "Criar uma equipe",
  'settings.close': "Fechar",
  'settings.edit': "Editar",
  'settings.save': "Salvar",
  'settings.cancel': "Cancelar",
  'profile.imageHeading': "Foto do perfil",
  'profile.imageText': "Clique na imagem para enviar uma nova.",
  'profile.changeImage': "Alterar foto do perfil",
  'profile.displayName': "Nome de exibição",
  'profile.displayNameText': "É assim que os outros veem você.",
  'profile.editDisplayName': "Editar nome de exibição",
  'profile.notSet': "Não definido",
  'profile.displayNameSaved': "Nome de exibição salvo.",
  'profile.language': "Idioma",
  'profile.languageText': "O idioma destas telas e dos e-mails que enviamos para você.",
  'profile.languageAutomatic': "Automático ({language})",
  'profile.languageSaved': "Idioma salvo.",
  'profile.memberSince': "Membro desde {date}",
  'signOut.text': "Saia da sua conta neste dispositivo.",
  'settings.editLabel': "Editar {label}",
} satisfies Catalogue<SettingsKey>;
